// HTML: one self-contained page with no script and no outside reference (a style element only; no URL anywhere),
// every ledger string escaped and its invisible characters named, long texts folded in <details>.
import type { TranscriptLine } from '../../../../shared/contract/transcript.js';
import { visibleText } from '../../../../shared/visible-text.js';
import type { ExportHead } from './export-head.js';
import { bodyNote, rowNote } from './provenance.js';
import { cutNote, findingsSentence, kindLabel } from './labels.js';

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (s: string): string => visibleText(s).replace(/[&<>"']/g, (c) => ESC[c]!);

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1100px;color:#1d2330;padding:0 16px}
h1{font-size:20px}h2{font-size:17px;border-top:2px solid #c8cfdb;padding-top:10px;margin-top:28px}h3{font-size:15px;margin:18px 0 6px}
table{border-collapse:collapse;font-size:12px}td,th{border:1px solid #d5dae3;padding:3px 6px;text-align:left}code,pre,.mono{font-family:ui-monospace,monospace;font-size:12px}
.line{border-left:3px solid #c8cfdb;margin:6px 0;padding:4px 10px;background:#fafbfd}.d2{margin-left:24px}.d3{margin-left:48px}
.model_call{border-color:#5b7bd5}.tool_call{border-color:#2e9d6f}.tool_response{border-color:#8e6cc7}.turn{background:#eef2f8;border-color:#55617a}
.alert{border-color:#c73a3a;background:#fdf3f3}.title{font-weight:600}.kind{color:#5a6475;font-weight:400;text-transform:uppercase;font-size:11px;margin-right:4px}.facts,.prov{color:#5a6475;font-size:12px}.finding{color:#a12626;font-weight:600;font-size:12px}.placement{color:#5a6475;font-size:12px;font-style:italic}.gap{color:#8a5a00;font-size:12px}.gap::before{content:"";display:inline-block;width:8px;height:8px;border-radius:2px;background:#d99a1e;margin-right:6px}.coverage{color:#34405a;font-size:12px}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;border:1px solid #e1e5ec;padding:6px 8px;margin:4px 0;max-height:none}
summary{cursor:pointer;color:#34405a;font-size:12px}`;

export function htmlHead(h: ExportHead): string {
  const rows = h.files
    .map(
      (f) =>
        `<tr><td>${esc(f.role)}</td><td class="mono">${esc(f.path)}</td><td>${f.size}</td><td class="mono">${esc(f.sha256)}</td><td class="mono">${esc(f.blake3)}</td></tr>`,
    )
    .join('');
  const title = `Transcript of ${h.traceId ? `trace ${h.traceId}` : 'the whole session'}`;
  return (
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">` +
    `<title>${esc(title)}</title><style>${STYLE}</style></head><body>\n<h1>${esc(title)}</h1>\n` +
    `<p>Session <span class="mono">${esc(h.sessionId)}</span> · ledger ${esc(h.generation)} · ${h.lines} lines · written ${esc(h.writtenAt)} by ${esc(h.writtenBy)}</p>\n` +
    `<table><tr><th>file</th><th>name</th><th>bytes</th><th>SHA-256</th><th>BLAKE3</th></tr>${rows}</table>\n` +
    (h.pending.length ? `<p>Not hashed when written: ${esc(h.pending.join('; '))}.</p>\n` : '') +
    `<p>Bodies: ${esc(h.bodies)}.</p>\n<p>Completeness: ${esc(h.completeness)}.</p>\n<p>Findings: ${esc(findingsSentence(h.findings))}.</p>\n` +
    (h.note ? `<p class="placement">Note: ${esc(h.note)}.</p>\n` : '') +
    '<p class="prov">Each line names the row it tells (table and rowid) and the BLAKE3 hash of every body it quotes.</p>\n'
  );
}

const FOLD_LINES = 12;

export function htmlLine(l: TranscriptLine): string {
  if (l.kind === 'trace')
    return `<h2>${esc(l.title)}</h2>\n${l.egress ? `<div class="coverage">egress: ${esc(l.egress.says)}</div>\n` : ''}${l.placement ? `<p class="placement">${esc(l.placement)}</p>\n` : ''}`;
  const facts = [l.timestamp, ...l.facts]
    .filter((x): x is string => !!x)
    .map(esc)
    .join(' · ');
  // A turn's title is its heading already.
  const parts = [
    l.kind === 'turn' ? '' : `<div class="title"><span class="kind">${esc(kindLabel(l.kind))}</span> ${esc(l.title)}</div>`,
    facts ? `<div class="facts">${facts}</div>` : '',
  ];
  if (l.coverage) parts.push(`<div class="coverage">coverage: ${esc(l.coverage.says)}</div>`);
  if (l.egress) parts.push(`<div class="coverage">egress: ${esc(l.egress.says)}</div>`);
  if (l.placement) parts.push(`<div class="placement">${esc(l.placement)}</div>`);
  for (const g of l.gaps) parts.push(`<div class="gap">gap ${esc(g.kind)}: ${esc(g.says)}</div>`);
  for (const f of l.findings) parts.push(`<div class="finding">finding ${esc(f.kind)}: ${esc(f.message)}</div>`);
  for (const b of l.blocks) {
    const src =
      b.source.from === 'body' ? `verified body ${b.source.name} ${b.source.bodyHash ?? ''}` : `${b.source.from} ${b.source.name}`;
    const label = `${b.label}${b.path ? ` ${b.path}` : ''} (from ${src}${b.cut ? `, ${cutNote(b)}` : ''})`;
    const pre = `<pre>${b.format === 'command' ? '$ ' : ''}${esc(b.text)}</pre>`;
    const fold = b.format === 'file' || b.text.split('\n').length > FOLD_LINES || l.kind === 'turn';
    parts.push(fold ? `<details><summary>${esc(label)}</summary>${pre}</details>` : `<div class="prov">${esc(label)}</div>${pre}`);
  }
  const prov = [rowNote(l), ...l.bodies.map((b) => `body ${bodyNote(b)}`)].filter((x): x is string => !!x);
  if (prov.length) parts.push(`<div class="prov mono">${prov.map(esc).join('<br>')}</div>`);
  const cls = `line ${l.kind} d${l.depth}${l.alert ? ' alert' : ''}`;
  return `${l.kind === 'turn' ? `<h3>${esc(l.title)}</h3>\n` : ''}<div class="${cls}">${parts.join('')}</div>\n`;
}

export const htmlFoot = (): string => '</body></html>\n';

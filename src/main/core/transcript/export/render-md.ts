// Markdown: headings per turn, a paragraph per line naming its row and bodies, and every text in a fenced block
// whose fence is longer than any backtick run inside it (so no text can close it). Every value from the ledger
// outside a block (titles, facts, ids, paths, messages) sits in a code span: escaping alone is not enough, since
// common renderers (VS Code's preview, markdown-it with linkify) turn a bare host or URL into a live link. So
// nothing from the ledger can become a link, an image or HTML.
import type { TranscriptLine } from '../../../../shared/contract/transcript.js';
import { visibleText } from '../../../../shared/visible-text.js';
import type { ExportHead } from './export-head.js';
import { cutNote, findingsSentence, kindLabel } from './labels.js';
import { bodyNote, rowNote } from './provenance.js';

/**
 * A ledger value as an inline code span, invisible characters named: its fence is longer than any backtick run
 * in it, and padded when it starts or ends with one, so the value cannot close it; inside, nothing is a link.
 */
export function mdCode(s: string): string {
  const text = visibleText(s).replace(/\n/g, ' ');
  if (text === '') return '';
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || (text.startsWith(' ') && text.endsWith(' ')) ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Our own words, with invisible characters named and every Markdown/HTML metacharacter escaped. */
export function mdInline(s: string): string {
  // `[` `]` and `<` `>` are what links, images and HTML need; the rest would start emphasis, code, tables or headings.
  return visibleText(s)
    .replace(/\n/g, ' ')
    .replace(/[\\`*_[\]<>#|~&]/g, (c) => `\\${c}`);
}

function fenced(text: string, lang = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${visibleText(text)}\n${fence}\n`;
}

export function mdHead(h: ExportHead): string {
  // In a table a pipe ends the cell even inside a code span, unless escaped.
  const cell = (s: string): string => mdCode(s).replace(/\|/g, '\\|');
  const rows = h.files.map((f) => `| ${mdInline(f.role)} | ${cell(f.path)} | ${f.size} | \`${f.sha256}\` | \`${f.blake3}\` |`);
  return [
    `# Transcript of ${h.traceId ? `trace ${mdCode(h.traceId)}` : 'the whole session'}`,
    '',
    `Session ${mdCode(h.sessionId)} · ledger ${mdInline(h.generation)} · ${h.lines} lines · written ${h.writtenAt} by ${mdInline(h.writtenBy)}`,
    '',
    '| file | name | bytes | SHA-256 | BLAKE3 |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    ...(h.pending.length ? [`Not hashed when written: ${h.pending.map(mdInline).join('; ')}.`, ''] : []),
    `Bodies: ${mdInline(h.bodies)}.`,
    '',
    `Completeness: ${mdInline(h.completeness)}.`,
    '',
    `Findings: ${mdInline(findingsSentence(h.findings))}.`,
    '',
    ...(h.note ? [`Note: ${mdCode(h.note)}`, ''] : []),
    'Each line names the row it tells (table and rowid) and the BLAKE3 hash of every body it quotes.',
    '',
    '',
  ].join('\n');
}

/** Trace and turn are headings; every other line a paragraph, nested by blockquotes as deep as it hangs. */
export function mdLine(l: TranscriptLine): string {
  const title = mdCode(l.title);
  if (l.kind === 'trace')
    return `## ${title}\n\n${l.egress ? `egress: ${mdInline(l.egress.says)}\n\n` : ''}${l.placement ? `placement: ${mdCode(l.placement)}\n\n` : ''}`;
  const out: string[] = l.kind === 'turn' ? [`### ${title}`] : [`**${kindLabel(l.kind)}** ${title}${l.alert ? ' ⚠' : ''}`];
  const meta = [l.timestamp ? mdCode(l.timestamp) : null, ...l.facts.map(mdCode), rowNote(l) ? mdCode(rowNote(l)!) : null].filter(Boolean);
  if (meta.length) out.push('', meta.join(' · '));
  if (l.coverage) out.push('', `coverage: ${mdInline(l.coverage.says)}`);
  if (l.egress) out.push('', `egress: ${mdInline(l.egress.says)}`);
  if (l.placement) out.push('', `placement: ${mdCode(l.placement)}`);
  for (const g of l.gaps) out.push('', `**gap ${mdInline(g.kind)}**: ${mdInline(g.says)}`);
  for (const f of l.findings) out.push('', `**finding ${mdInline(f.kind)}**: ${mdCode(f.message)}`);
  for (const b of l.blocks) {
    const src =
      b.source.from === 'body'
        ? `verified body ${mdCode(b.source.name)} ${mdCode(b.source.bodyHash ?? '')}`
        : mdCode(`${b.source.from} ${b.source.name}`);
    out.push(
      '',
      `${mdInline(b.label)}${b.path ? ` ${mdCode(b.path)}` : ''} (from ${src}${b.cut ? `, ${cutNote(b)}` : ''}):`,
      '',
      fenced(b.text, b.format === 'json' ? 'json' : b.format === 'command' ? 'sh' : '').trimEnd(),
    );
  }
  if (l.bodies.length) out.push('', ...l.bodies.map((b) => `body ${mdCode(bodyNote(b))}  `));
  const quote = '> '.repeat(Math.max(0, l.depth - 1));
  return `${out
    .join('\n')
    .split('\n')
    .map((x) => `${quote}${x}`.trimEnd())
    .join('\n')}\n\n`;
}

export const mdFoot = (): string => '';

/**
 * case.html: the export to be read in a browser, self-contained and inert. No script, no stylesheet or image from
 * anywhere (a Content-Security-Policy that allows nothing but the inline style says so to the browser too), and
 * every ledger value HTML-escaped: a row or a body is attacker-chosen and must never become markup. It is built
 * from case.json's values, which are already masked.
 */
import type { CaseExport, ExportItem } from './export-format.js';

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

const STYLE =
  'body{font:14px system-ui,sans-serif;margin:2em}pre{white-space:pre-wrap;word-break:break-all;background:#f4f4f4;padding:.5em}' +
  'table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top}.banner{font-weight:bold}';

function cell(v: unknown): string {
  if (v === null) return '<i>null</i>';
  if (typeof v === 'object') return `base64: ${escapeHtml(String((v as { base64: string }).base64))}`;
  return escapeHtml(String(v));
}

function bodyHtml(item: ExportItem): string {
  const b = item.body;
  if (!b) return '';
  const range = b.range ? ` [${b.range[0]}-${b.range[1]})` : '';
  const head = `<h3>${escapeHtml(b.direction)} body${range}: ${escapeHtml(b.verdict)}</h3>`;
  const hashes = `<p>ledger BLAKE3 ${escapeHtml(b.ledgerBodyHash ?? '-')}; exported BLAKE3 ${escapeHtml(b.exportedBlake3 ?? '-')}; masked ${b.masked}</p>`;
  // Shown as UTF-8 text (invalid bytes as U+FFFD); the exact bytes are in case.json.
  const text = b.base64 === null ? '' : `<pre>${escapeHtml(Buffer.from(b.base64, 'base64').toString('utf8'))}</pre>`;
  return head + hashes + text;
}

function itemHtml(item: ExportItem): string {
  const row = item.row
    ? `<table>${Object.entries(item.row)
        .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${cell(v)}</td></tr>`)
        .join('')}</table>`
    : '<p>row not in this copy</p>';
  const status = item.reasons.length ? `${item.status}: ${item.reasons.join(', ')}` : item.status;
  return (
    `<section><h2>${escapeHtml(item.tag)} ${escapeHtml(item.table)} ${escapeHtml(item.eventId ?? `#${item.rowid}`)}</h2>` +
    `<p>${escapeHtml(status)}; item ${escapeHtml(item.id)}, ${escapeHtml(item.createdAt)}</p>` +
    `<p>note: ${item.note === null ? '-' : escapeHtml(item.note)}</p>${row}${bodyHtml(item)}</section>`
  );
}

export function caseHtml(exported: CaseExport): string {
  const e = exported.evidence;
  const db = e.sessionDb
    ? `session.db SHA-256 ${escapeHtml(e.sessionDb.sha256)}, BLAKE3 ${escapeHtml(e.sessionDb.blake3)}`
    : 'session.db not hashed';
  return (
    `<!-- ${exported.notice} -->\n` +
    '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">` +
    `<title>Case export: ${escapeHtml(e.sessionId)}</title><style>${STYLE}</style></head><body>\n` +
    `<p class="banner">${escapeHtml(exported.notice)}</p>` +
    `<h1>Case export: session ${escapeHtml(e.sessionId)} (${escapeHtml(e.generation)})</h1>` +
    `<p>${db}; written ${escapeHtml(exported.createdAt)} by ${escapeHtml(exported.createdBy)}</p>\n` +
    exported.items.map(itemHtml).join('\n') +
    '\n</body></html>\n'
  );
}

// `case list`'s lines. Notes, tags, table names and ids come from a case file anyone may have edited and from the
// ledger: every one is escaped (terminalSafe), so none can move the cursor, recolour the terminal or reorder the line.
import type { AttachedItem } from '../../main/core/case/case-attach.js';
import type { CaseItem } from '../../main/core/case/case-format.js';
import { jsonText } from '../../shared/json-text.js';
import { terminalSafe } from './grep-lines.js';

/** `attached`, `changed:body-hash+session-db`, `missing:row`, `other-session:<session id>`. */
function statusText(a: AttachedItem): string {
  if (a.status === 'other-session') return `other-session:${terminalSafe(a.item.sessionId)}`;
  return a.reasons.length ? `${a.status}:${a.reasons.join('+')}` : a.status;
}

/** The row: its event id, or `#rowid` in a table without one. */
export function eventText(item: CaseItem): string {
  return item.eventId !== null ? terminalSafe(item.eventId) : `#${item.rowid}`;
}

/** `response`, `response[0-120)` for a byte range, `-` for no body. */
export function bodyText(item: CaseItem): string {
  if (!item.body) return '-';
  const range = item.body.range ? `[${item.body.range[0]}-${item.body.range[1]})` : '';
  return `${terminalSafe(item.body.direction)}${range}`;
}

/** One aligned line per item: status, tag, table, event, body, note (the note last, as it has no fixed width). */
export function caseListText(items: readonly AttachedItem[]): string {
  const rows = items.map((a) => [statusText(a), a.item.tag, terminalSafe(a.item.table), eventText(a.item), bodyText(a.item)]);
  const widths = [0, 1, 2, 3, 4].map((c) => Math.max(0, ...rows.map((r) => r[c]!.length)));
  return rows
    .map((r, i) => {
      const note = items[i]!.item.note;
      return `${r.map((cell, c) => cell.padEnd(widths[c]!)).join('  ')}  ${note === null ? '-' : terminalSafe(note)}`.trimEnd() + '\n';
    })
    .join('');
}

/** One JSON object per line: the item as recorded, with its status here. */
export function caseListJson(items: readonly AttachedItem[]): string {
  return items
    .map(
      (a) =>
        jsonText({
          status: a.status,
          reasons: a.reasons,
          ...(a.currentBodyHash !== undefined ? { currentBodyHash: a.currentBodyHash } : {}),
          ...a.item,
        }) + '\n',
    )
    .join('');
}

/** `3 items: 2 attached, 1 changed`. */
export function caseSummary(items: readonly AttachedItem[]): string {
  const counts = new Map<string, number>();
  for (const a of items) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  const parts = ['attached', 'changed', 'missing', 'other-session'].filter((s) => counts.has(s)).map((s) => `${counts.get(s)} ${s}`);
  return `${items.length} item${items.length === 1 ? '' : 's'}${parts.length ? `: ${parts.join(', ')}` : ''}`;
}

/**
 * Which display rows hold a byte span (a search match), so the body view can scroll to them and mark them. Text rows
 * know the byte offset they start at; hex rows are `width` bytes each.
 */
import type { Row } from './pieces.js';
import type { ByteSpan } from '../router.js';

/** The first and last row index holding the span; first is -1 when the rows loaded so far do not reach it. */
export function hitRows(rows: readonly Row[], span: ByteSpan, width: number | null): { first: number; last: number } {
  const end = span.offset + Math.max(1, span.length);
  if (width !== null) {
    const first = Math.floor(span.offset / width);
    const last = Math.floor((end - 1) / width);
    return first < rows.length ? { first, last: Math.min(last, rows.length - 1) } : { first: -1, last: -1 };
  }
  let first = -1;
  let last = -1;
  for (let i = 0; i < rows.length; i++) {
    const at = rows[i]!.offset;
    if (at === null) continue;
    if (at <= span.offset) first = i;
    if (at < end) last = i;
    else break;
  }
  // The last row starting at or before the span's start holds it only if a later row starts after that start.
  return first >= 0 && last >= first ? { first, last } : { first: -1, last: -1 };
}

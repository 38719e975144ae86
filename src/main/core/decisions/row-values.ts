// Cell values of the decisions report. A ledger column may hold any SQLite type whatever its declared type (a hostile
// or damaged row), so values go through egress's text and number readers, and times are written out here.
export { numberOf, textOf } from '../egress/values.js';

/** Outside this, Date cannot represent the instant (ECMAScript's ±8.64e15 ms). */
const MAX_MS = 8.64e15;

/**
 * A timestamp_unix_ms as RFC 3339 with six fractional digits, the width of the text timestamps, so the two sort
 * together as strings; a value that is no instant is shown as it is, prefixed so it is not taken for one.
 */
export function unixMsText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const ms = typeof v === 'bigint' ? Number(v) : v;
  if (typeof ms !== 'number' || !Number.isInteger(ms) || Math.abs(ms) > MAX_MS) return `timestamp_unix_ms ${String(v)}`;
  return new Date(ms).toISOString().replace(/Z$/, '000Z');
}

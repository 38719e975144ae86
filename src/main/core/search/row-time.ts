// When a row happened, as its table records it: event tables keep RFC 3339 text in `timestamp` (six fractional
// digits, nine in older builds), security tables keep `timestamp_unix_ms`. Both become milliseconds since the epoch
// so that a time window can be applied to any row the same way.

/** The column that dates a row of a table with these columns, or null when it keeps none. */
export function timeColumnOf(columns: readonly string[]): 'timestamp' | 'timestamp_unix_ms' | null {
  if (columns.includes('timestamp')) return 'timestamp';
  if (columns.includes('timestamp_unix_ms')) return 'timestamp_unix_ms';
  return null;
}

// Date.parse also takes loose forms ("March 2"); a row's time counts only when it is RFC 3339 with an explicit zone.
const RFC3339 = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

// The furthest a JavaScript Date reaches either side of the epoch: a number past it is no time at all (and would
// throw when printed), whatever a hostile ledger wrote.
const MAX_DATE_MS = 8.64e15;

/** The row's time in milliseconds (fractions below a millisecond dropped), or null when it is missing or unreadable. */
export function rowTimeMs(raw: unknown): number | null {
  const count = typeof raw === 'bigint' ? Number(raw) : typeof raw === 'number' ? Math.trunc(raw) : null;
  if (count !== null) return Number.isFinite(count) && Math.abs(count) <= MAX_DATE_MS ? count : null;
  if (typeof raw !== 'string' || !RFC3339.test(raw)) return null;
  const ms = Date.parse(raw.replace(' ', 'T'));
  return Number.isNaN(ms) ? null : ms;
}

/**
 * WARC-Date values (docs/formats/warc-export.md#dates): always `YYYY-MM-DDTHH:MM:SSZ`, whole seconds, UTC.
 * Ledger text timestamps are truncated (never rounded or shifted); anything not exactly in the ledger's shape
 * is refused, because a guessed date would misplace the record in every replay tool.
 */

const LEDGER_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A ledger text timestamp → WARC date, or null when its shape is not the ledger's. */
export function warcDateFromLedgerText(value: unknown): string | null {
  if (typeof value !== 'string' || !LEDGER_TIMESTAMP.test(value)) return null;
  return `${value.slice(0, 19)}Z`;
}

/** Years past 9999 need more than four digits and do not fit the WARC date shape. */
const MAX_REPRESENTABLE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Unix milliseconds → WARC date, or null when negative, not an integer, or past year 9999. */
export function warcDateFromUnixMs(value: unknown): string | null {
  let ms: number;
  if (typeof value === 'bigint') {
    if (value < 0n || value > BigInt(MAX_REPRESENTABLE_MS)) return null;
    ms = Number(value);
  } else if (typeof value === 'number') {
    ms = value;
  } else {
    return null;
  }
  if (!Number.isInteger(ms) || ms < 0 || ms > MAX_REPRESENTABLE_MS) return null;
  // Floor to whole seconds: toISOString's milliseconds are simply cut off.
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** The export's own date: one value captured at the start, whole seconds, UTC. */
export function warcDateFromDate(date: Date): string {
  const text = warcDateFromUnixMs(date.getTime());
  if (text === null) throw new RangeError(`export date ${String(date)} cannot be written as a WARC date`);
  return text;
}

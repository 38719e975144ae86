/**
 * Converting SQLite values from a possibly hostile ledger. Columns are read with safeIntegers(true), so integers
 * arrive as BigInt; a value of the wrong type becomes NaN (numbers) rather than a plausible-looking number, and the
 * body readers refuse NaN offsets by name.
 */

export function toNumber(value: unknown): number {
  if (typeof value === 'bigint') return Number(value); // beyond 2^53 stays far out of every bound, which is all that matters
  if (typeof value === 'number') return Number.isInteger(value) ? value : Number.NaN;
  return Number.NaN;
}

export function toNullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : toNumber(value);
}

export function toText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return Buffer.from(value).toString('hex');
  return String(value);
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

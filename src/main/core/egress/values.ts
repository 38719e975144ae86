// Cell values as the egress report keeps them: a ledger column may hold any SQLite type whatever its declared type
// (a hostile or damaged row), so every value is turned into text or a number here, never trusted as one.

export function numberOf(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  return 0;
}

export function textOf(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (v instanceof Uint8Array) return `x'${Buffer.from(v).toString('hex')}'`;
  return String(v);
}

export function portOf(v: unknown): number | null {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  return null;
}

/** The destination's key: domain and port as SQL grouped them, rebuilt identically from every query's row. */
export function destinationKey(domain: unknown, port: unknown): string {
  return JSON.stringify([typeof domain, textOf(domain), typeof port, textOf(port)]);
}

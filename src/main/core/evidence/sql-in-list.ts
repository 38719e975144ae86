// An IN list of bound values, for rows read by id or key: its `?` marks, and the values in runs short enough for one
// statement. Here, beside quoteIdent, so every room that builds such a read (completeness among them) can use it.

/** `?, ?, ?` for an IN list. */
export const marks = (n: number): string => Array.from({ length: n }, () => '?').join(', ');

/** Rows read by id are asked IN_CHUNK at a time: SQLite caps a statement's parameters (999 in older builds). */
const IN_CHUNK = 500;

/** `xs` in runs of at most IN_CHUNK, each one `IN (marks(part.length))` list. */
export function inChunks<T>(xs: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += IN_CHUNK) out.push(xs.slice(i, i + IN_CHUNK));
  return out;
}

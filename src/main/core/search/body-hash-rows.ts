// "The same bytes elsewhere": the bodies of one session whose index row records a given BLAKE3. The row's hash is
// only a claim until the body is read back through its segment hashes and its own hash, so each row found is read
// (readBodyRow) and is a hit only when it verifies; a row that does not is damaged, never a hit.
import type { BodyIndexRow } from '../../../shared/ledger-types.js';
import type { Failure } from '../../../shared/errors.js';
import { buildIndexQuery, toBodyIndexRow } from '../bodies/index-query.js';
import { readBodyRow } from '../bodies/read-body.js';
import type { Evidence } from '../evidence/types.js';

/** `blake3:` + 64 lowercase hex, as body_hash stores it, from the hex with or without the prefix; null when not one. */
export function bodyHashKey(given: string): string | null {
  const hex = given.replace(/^blake3:/i, '');
  return /^[0-9a-fA-F]{64}$/.test(hex) ? `blake3:${hex.toLowerCase()}` : null;
}

export type BodyHashRow =
  | { readonly row: BodyIndexRow; readonly verified: true }
  | { readonly row: BodyIndexRow; readonly verified: false; readonly error: Failure };

/** Visits each body recorded with `hash` (a bodyHashKey), in row order, read and verified; `visit` returns false to stop. */
export function bodyHashRows(evidence: Evidence, hash: string, visit: (found: BodyHashRow) => boolean): void {
  const columns = evidence.tables.get('event_body_blobs');
  if (!columns?.includes('body_hash')) return;
  const { select, idExpr } = buildIndexQuery(columns, evidence.generation);
  const rows = evidence.db
    .prepare(`SELECT ${select} FROM event_body_blobs WHERE body_hash = ? ORDER BY ${idExpr}`)
    .safeIntegers(true)
    .all(hash) as Record<string, unknown>[];
  for (const raw of rows) {
    const row = toBodyIndexRow(raw);
    const read = readBodyRow(evidence, row);
    if (!visit(read.ok ? { row, verified: true } : { row, verified: false, error: read.error })) return;
  }
}

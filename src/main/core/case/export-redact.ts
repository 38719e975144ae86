/**
 * Masking what an export must not carry (docs/case-file.md#redaction): every credential-shaped string the secrets
 * patterns find, and every value Capsem recorded in a credential column, wherever it occurs. Masking works on the
 * plain bytes before anything is encoded (JSON, base64, HTML), so no encoded form of a masked value can be written.
 * Each masked byte becomes `*`: offsets and lengths stay as they were, so a tagged range still names the same bytes.
 */
import type { Evidence } from '../evidence/types.js';
import { quoteIdent } from '../evidence/sql-values.js';
import { compileMatcher } from '../match/byte-matcher.js';
import type { ByteMatcher } from '../match/byte-matcher.js';

/** Columns whose values are credentials (or Capsem's references to one): masked whole in every exported row. */
export const CREDENTIAL_COLUMN = /(^|_)credential(_|$)|^substitution_ref$/;

/** One masked stretch: where (item, field or body), at which byte offset, how long, and which rule; never the value. */
export interface Redaction {
  readonly item: string;
  readonly where: string;
  readonly offset: number;
  readonly length: number;
  readonly pattern: string;
}

export interface Redactor {
  readonly enabled: boolean;
  /** The bytes with every hit masked (a copy when anything was masked), noting each hit under `item` / `where`. */
  bytes(bytes: Uint8Array, item: string, where: string): Uint8Array;
  text(value: string, item: string, where: string): string;
  /** A credential column's value (its bytes): masked whole. */
  credential(value: Uint8Array, item: string, where: string): Uint8Array;
  readonly redactions: readonly Redaction[];
}

const STAR = 0x2a;

/** The distinct non-empty values of every credential column the ledger holds, longest first. */
function recordedCredentials(evidence: Evidence): string[] {
  const values = new Set<string>();
  for (const [table, columns] of evidence.tables) {
    for (const column of columns.filter((c) => CREDENTIAL_COLUMN.test(c))) {
      const q = `SELECT DISTINCT ${quoteIdent(column)} FROM ${quoteIdent(table)} WHERE ${quoteIdent(column)} IS NOT NULL`;
      for (const v of evidence.db.prepare(q).pluck().all()) if (typeof v === 'string' && v.length > 0) values.add(v);
    }
  }
  return [...values].sort((a, b) => b.length - a.length);
}

/** Every [offset, length, pattern] to mask: secrets-pattern hits and occurrences of recorded credentials. */
function hits(bytes: Uint8Array, matcher: ByteMatcher, recorded: readonly Buffer[]): [number, number, string][] {
  const found: [number, number, string][] = [];
  matcher.scan(bytes, (offset, length, pattern) => {
    found.push([offset, length, pattern ?? 'secret']);
    return true;
  });
  const hay = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const needle of recorded) {
    for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + needle.length))
      found.push([at, needle.length, 'recorded-credential']);
  }
  return found.sort((a, b) => a[0] - b[0]);
}

export function createRedactor(evidence: Evidence, enabled: boolean): Redactor {
  const redactions: Redaction[] = [];
  const matcher = compileMatcher({ kind: 'secrets' });
  const recorded = enabled ? recordedCredentials(evidence).map((v) => Buffer.from(v, 'utf8')) : [];
  const bytes = (input: Uint8Array, item: string, where: string): Uint8Array => {
    if (!enabled) return input;
    const found = hits(input, matcher, recorded);
    if (found.length === 0) return input;
    const out = Uint8Array.from(input);
    for (const [offset, length, pattern] of found) {
      out.fill(STAR, offset, offset + length);
      redactions.push({ item, where, offset, length, pattern });
    }
    return out;
  };
  return {
    enabled,
    redactions,
    bytes,
    text: (value, item, where) => (enabled ? Buffer.from(bytes(Buffer.from(value, 'utf8'), item, where)).toString('utf8') : value),
    credential: (value, item, where) => {
      if (!enabled || value.length === 0) return value;
      redactions.push({ item, where, offset: 0, length: value.length, pattern: 'credential-column' });
      return new Uint8Array(value.length).fill(STAR);
    },
  };
}

/**
 * The case file's shape (docs/case-file.md): a header line, then one item per line. An item tags one row of a
 * session (and optionally one of its bodies, or a byte range of it) and is bound to what it names by the session id,
 * the session.db hash and the body's hash at the time, so a later copy of the evidence can say whether it still holds
 * the same thing. The case file lives beside the evidence, never in it.
 */
import type { CaseItem } from '../../../shared/contract/case.js';

export const CASE_FORMAT = 'capsem-inspect-case';
/** The version this build writes; a file with a higher one is refused (CASE_TOO_NEW), never rewritten. */
export const CASE_VERSION = 1;

/** The tags every case knows; any other tag matching TAG_PATTERN is the user's own. */
export const BUILT_IN_TAGS = ['notable', 'benign', 'follow-up'] as const;
/** Lower-case words joined by dashes: safe in a file name, a terminal and a shell alike. */
export const TAG_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;
/** A note is a paragraph or a few, not a document: the whole case file is rewritten on every add. */
export const NOTE_MAX_CHARS = 10_000;

export interface CaseHeader {
  readonly format: typeof CASE_FORMAT;
  readonly version: number;
  /** When the case file was first written (ISO 8601, UTC). */
  readonly createdAt: string;
  /** The program that first wrote it, e.g. `capsem-ledger-inspector 0.1.0`. */
  readonly createdBy: string;
}

// The item's shape is the contract's, so the file, the CLI and the Case view read one shape.
export type { CaseBody, CaseItem } from '../../../shared/contract/case.js';

export interface CaseFile {
  readonly header: CaseHeader;
  readonly items: readonly CaseItem[];
}

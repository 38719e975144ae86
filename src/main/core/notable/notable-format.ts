/**
 * The notable set's shape (docs/notable-set.md): a header line, then one entry per line. An entry is a name the user
 * chose and the hunt indicators it stands for, kept as the app names them (kind and value), so the file reads the
 * same to the CLI, the app and a person with `cat`. The set is the user's, kept outside all evidence.
 */
import type { HuntIndicatorArg } from '../../../shared/contract/hunt.js';

export const NOTABLE_FORMAT = 'capsem-inspect-notable';
/** The version this build writes; a file with a higher one is refused (NOTABLE_TOO_NEW), never rewritten. */
export const NOTABLE_VERSION = 1;

/** Letters, digits, dot, dash and underscore: safe in a terminal, a shell and a URL alike. */
export const NOTABLE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** As many as one hunt takes (library.hunt.start's guard). */
export const MAX_INDICATORS_PER_ENTRY = 32;

export interface NotableHeader {
  readonly format: typeof NOTABLE_FORMAT;
  readonly version: number;
  /** When the set was first written (ISO 8601, UTC). */
  readonly createdAt: string;
  /** The program that first wrote it, e.g. `capsem-ledger-inspector 0.1.0`. */
  readonly createdBy: string;
}

export interface NotableEntry {
  readonly name: string;
  /** When it was saved (ISO 8601, UTC). */
  readonly createdAt: string;
  /** Found in a session when any one of them hits there. */
  readonly indicators: readonly HuntIndicatorArg[];
}

export interface NotableSet {
  readonly header: NotableHeader;
  readonly entries: readonly NotableEntry[];
}

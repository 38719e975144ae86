/**
 * The closed set of failure codes. Every failure a user can meet maps to exactly one
 * code plus a sentence that names the file, offset or row. Failures are values
 * (`Failure`), because thrown errors lose their shape across IPC and worker boundaries.
 */
export const ERROR_CODES = [
  // opening evidence
  'NOT_FOUND', // a path given does not exist
  'NOT_A_LEDGER', // not SQLite, or no ledger tables
  'LEDGER_TOO_OLD', // predates anything we can read (kept for symmetry with Capsem's own refusal)
  'UNSUPPORTED_GENERATION', // a generation marker we do not know (e.g. archive_state.format_version 5)
  'INDEX_REQUIRED', // a session.bodies given without its session.db
  'UNSAFE_PATH', // symlink, FIFO, device or other non-regular file in the evidence
  'HOT_JOURNAL', // a rollback journal that SQLite would play back
  'WAL_WITHOUT_DB', // zero-length or missing session.db beside a -wal
  'DB_CORRUPT', // SQLite page damage or malformed file
  'SCHEMA_UNEXPECTED', // views, triggers or foreign objects where ledger tables belong; missing required table/column
  'SNAPSHOT_MISMATCH', // the scratch copy does not hash like its source
  // body archive
  'ARCHIVE_MISSING', // session.bodies absent while blocks are recorded
  'BAD_FILE_HEADER',
  'ARCHIVE_IDENTITY_MISMATCH', // v3 header ids / file name do not match archive_state
  'COMMITTED_EXTENT', // v3 generation shorter than committed_end
  'BAD_BLOCK_HEADER',
  'UNSUPPORTED_CODEC',
  'BAD_SEGMENT',
  'TRUNCATED_BLOCK',
  'DECODE_FAILED',
  'DECODED_TOO_LARGE', // decompression bomb / running cap exceeded
  'SEGMENT_HASH_MISMATCH',
  'BODY_HASH_MISMATCH',
  'SPAN_OUT_OF_RANGE', // index row outside the bounds of its block
  'BLOCK_NOT_RECORDED', // index row naming a block body_blocks does not record
  'INDEX_PAST_END', // index names bytes past the end of the archive
  'NO_SUCH_BODY',
  'BODIES_UNAVAILABLE', // session.db opened alone
  // host ledger
  'CHAIN_BROKEN',
  // jobs, queries, export
  'CANCELLED',
  'DEADLINE',
  'QUERY_REFUSED', // ad-hoc SQL that would write, attach, load extensions or change state
  'EXPORT_FAILED',
  'EXPORT_DESTINATION', // export destination inside the evidence folder, or unwritable
  'BAD_REQUEST', // a contract argument failed validation
  'BAD_PATTERN', // a search pattern that does not compile, or that only a backtracking engine could run
  // the case file (notes and tags kept beside the evidence)
  'CASE_DAMAGED', // a case file that is not one: bad JSON, a cut line, a missing or unknown header, an invalid item
  'CASE_TOO_NEW', // a case file written by a newer version of the format
  'CASE_INSIDE_EVIDENCE', // a case file path inside the evidence folder
  'CASE_NOT_KEPT', // the app keeps no case file (serve started without --case): nothing is written
  // the notable set (named hunt indicators kept outside all evidence)
  'NOTABLE_DAMAGED', // a notable set that is not one: bad JSON, a cut line, a bad header, an entry that cannot run
  'NOTABLE_TOO_NEW', // a notable set written by a newer version of the format
  'NO_SUCH_EVENT', // an event id (or table) the ledger does not hold
  'AMBIGUOUS_EVENT', // an event id held by more than one table, with no table named
  'INTERNAL', // a bug: anything not above; carries the original message
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface Failure {
  readonly code: ErrorCode;
  readonly message: string;
}

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: Failure };

export function fail(code: ErrorCode, message: string): Failure {
  return { code, message };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** An Error that carries a Failure, for the few places where throwing is the clearest control flow. */
export class InspectorError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'InspectorError';
    this.code = code;
  }
  toFailure(): Failure {
    return { code: this.code, message: this.message };
  }
}

/** Turns anything caught into a Failure; unknown errors become INTERNAL with their message kept. */
export function toFailure(error: unknown): Failure {
  if (error instanceof InspectorError) return error.toFailure();
  if (error && typeof error === 'object' && 'code' in error && 'message' in error && isErrorCode((error as { code: unknown }).code)) {
    return { code: (error as { code: ErrorCode }).code, message: String((error as { message: unknown }).message) };
  }
  return { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) };
}

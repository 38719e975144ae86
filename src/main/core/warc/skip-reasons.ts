/**
 * Which skip label a body-read failure becomes (docs/formats/warc-export.md#precision-of-the-body-labels): only bytes
 * that were produced but miss the row's body_hash are `corrupt-body`; everything the archive cannot produce (segment
 * hash, bad block, span out of range, unrecorded block, decode failure, missing archive …) is `unreadable-body`. A
 * cancel, deadline or internal error is not a property of the row and ends the export instead.
 */
import type { ErrorCode } from '../../../shared/errors.js';
import type { SkipReason } from './types.js';

export function skipReasonForReadFailure(code: ErrorCode): SkipReason | 'fatal' {
  switch (code) {
    case 'BODY_HASH_MISMATCH':
      return 'corrupt-body';
    case 'NOT_FOUND':
    case 'NOT_A_LEDGER':
    case 'LEDGER_TOO_OLD':
    case 'UNSUPPORTED_GENERATION':
    case 'INDEX_REQUIRED':
    case 'UNSAFE_PATH':
    case 'HOT_JOURNAL':
    case 'WAL_WITHOUT_DB':
    case 'DB_CORRUPT':
    case 'SCHEMA_UNEXPECTED':
    case 'SNAPSHOT_MISMATCH':
    case 'ARCHIVE_MISSING':
    case 'BAD_FILE_HEADER':
    case 'ARCHIVE_IDENTITY_MISMATCH':
    case 'COMMITTED_EXTENT':
    case 'BAD_BLOCK_HEADER':
    case 'UNSUPPORTED_CODEC':
    case 'BAD_SEGMENT':
    case 'TRUNCATED_BLOCK':
    case 'DECODE_FAILED':
    case 'DECODED_TOO_LARGE':
    case 'SEGMENT_HASH_MISMATCH':
    case 'SPAN_OUT_OF_RANGE':
    case 'BLOCK_NOT_RECORDED':
    case 'INDEX_PAST_END':
    case 'NO_SUCH_BODY':
    case 'BODIES_UNAVAILABLE':
    case 'CHAIN_BROKEN':
    case 'QUERY_REFUSED':
    case 'BAD_REQUEST':
    case 'BAD_PATTERN':
    case 'CASE_DAMAGED':
    case 'CASE_TOO_NEW':
    case 'CASE_INSIDE_EVIDENCE':
    case 'CASE_NOT_KEPT':
    case 'NOTABLE_DAMAGED':
    case 'NOTABLE_TOO_NEW':
    case 'NO_SUCH_EVENT':
    case 'AMBIGUOUS_EVENT':
      return 'unreadable-body';
    case 'CANCELLED':
    case 'DEADLINE':
    case 'EXPORT_FAILED':
    case 'EXPORT_DESTINATION':
    case 'INTERNAL':
      return 'fatal';
  }
}

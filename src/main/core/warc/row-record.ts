/**
 * One index row → one `resource` record, or a counted skip (docs/formats/warc-export.md#resource-records to
 * #skipped-rows). Checks run in the order of that skip table: source row, timestamp, URI, then the body itself.
 */
import type { BodyIndexRow } from '../../../shared/ledger-types.js';
import type { BodyReadResult } from '../archive/types.js';
import { InspectorError } from '../../../shared/errors.js';
import type { BlockDigester } from './digest.js';
import { digestBlock } from './digest.js';
import type { WarcRecordSpec } from './record-bytes.js';
import { SECURITY_MSGPACK_TYPE, securityPayloadToJson } from './security-json.js';
import { skipReasonForReadFailure } from './skip-reasons.js';
import type { SourceTargetResolver } from './source-target.js';
import type { SkipReason } from './types.js';

export type RowOutcome =
  | { readonly kind: 'record'; readonly spec: WarcRecordSpec }
  | { readonly kind: 'skip'; readonly reason: SkipReason; readonly detail: string };

export interface RowContext {
  readonly session: string;
  readonly resolver: SourceTargetResolver;
  readonly digester: BlockDigester;
  readBody(row: BodyIndexRow): BodyReadResult;
}

export function resourceRecordId(session: string, row: BodyIndexRow): string {
  return `urn:capsem:${session}:${row.sourceTable}:${row.eventId}:${row.direction}`;
}

const TAGGED_BLAKE3 = /^blake3:[0-9a-fA-F]{64}$/;

/**
 * The digest of a body written unchanged. The read that produced it has just checked its bytes against the row's
 * blake3 body_hash, so for blake3 that value is the digest (one hash pass instead of two); the re-read recomputes
 * every digest from the file before anything is published, so a wrong one could not get through.
 */
function bodyDigest(digester: BlockDigester, row: BodyIndexRow, block: Uint8Array): string {
  if (digester.algorithm === 'blake3' && TAGGED_BLAKE3.test(row.bodyHash)) return row.bodyHash.toLowerCase();
  return digestBlock(digester, block);
}

export function recordForRow(ctx: RowContext, row: BodyIndexRow): RowOutcome {
  const target = ctx.resolver.resolve(row);
  if (!target.ok) return { kind: 'skip', reason: target.reason, detail: target.detail };

  const read = ctx.readBody(row);
  if (!read.ok) {
    const reason = skipReasonForReadFailure(read.error.code);
    if (reason === 'fatal') throw new InspectorError(read.error.code, read.error.message);
    return { kind: 'skip', reason, detail: `event_body_blobs row ${row.id}: ${read.error.code}: ${read.error.message}` };
  }

  let block = read.bytes;
  let contentType = row.contentType ?? 'application/octet-stream';
  if (row.contentType === SECURITY_MSGPACK_TYPE) {
    const converted = securityPayloadToJson(read.bytes);
    if (!converted.ok)
      return { kind: 'skip', reason: 'corrupt-body', detail: `event_body_blobs row ${row.id}: security payload: ${converted.reason}` };
    block = converted.json;
    contentType = 'application/json';
  }

  return {
    kind: 'record',
    spec: {
      type: 'resource',
      recordId: resourceRecordId(ctx.session, row),
      targetUri: target.uri,
      date: target.date,
      blockDigest: block === read.bytes ? bodyDigest(ctx.digester, row, block) : digestBlock(ctx.digester, block),
      truncated: row.truncated,
      contentType,
      block,
    },
  };
}

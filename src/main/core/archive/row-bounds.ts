import type { BlockRow, BodyIndexRow } from '../../../shared/ledger-types.js';
import { fail, type Failure } from '../../../shared/errors.js';
import {
  BLOCK_HEADER_LEN_V1,
  BLOCK_HEADER_LEN_V2,
  MAX_BLOCK_COMP_BYTES_V1,
  MAX_BLOCK_DISK_BYTES,
  MAX_BLOCK_RAW_BYTES,
} from './constants.js';

/** Names a row the way every failure sentence does. */
export function describeRow(row: BodyIndexRow): string {
  return `body (event_id=${row.eventId}, source_table=${row.sourceTable}, direction=${row.direction})`;
}

/** The facts about the opened file that bound every row. */
export interface ExtentLimits {
  readonly path: string;
  readonly version: 1 | 2 | 3;
  readonly headerLen: number;
  readonly fileSize: number;
  /** v3 with archive_state: rows must end at or before it; null otherwise. */
  readonly committedEnd: number | null;
}

function outOfRange(row: BodyIndexRow, lim: ExtentLimits, why: string): Failure {
  return fail('SPAN_OUT_OF_RANGE', `${describeRow(row)} in block at offset ${String(row.blockOffset)} of ${lim.path}: ${why}`);
}

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

/**
 * docs/formats/ledger-format.md#reading-one-body step 3 (and its v1/v2 equivalents), checked before any byte of the
 * block is read. Every value came from SQLite, so each is first checked to be a safe non-negative integer: an offset
 * above Number.MAX_SAFE_INTEGER cannot be represented exactly and is refused.
 */
export function checkRowBounds(row: BodyIndexRow, block: BlockRow | undefined, lim: ExtentLimits): Failure | null {
  // Runs for every body of a verification: no closure and no sentence is made unless the row fails.
  if (row.blockOffset === null || row.bodyOffset === null)
    return fail('SPAN_OUT_OF_RANGE', `${describeRow(row)} has no block_offset/body_offset in the archive index`);
  if (!block)
    return fail(
      'BLOCK_NOT_RECORDED',
      `${describeRow(row)} names a block at offset ${String(row.blockOffset)} that body_blocks does not record`,
    );
  if (
    !(
      isCount(row.blockOffset) &&
      isCount(row.bodyOffset) &&
      isCount(row.bodyLen) &&
      isCount(block.blockOffset) &&
      isCount(block.rawLen) &&
      isCount(block.diskLen)
    )
  ) {
    for (const [name, v] of [
      ['block_offset', row.blockOffset],
      ['body_offset', row.bodyOffset],
      ['body_len', row.bodyLen],
      ['body_blocks.block_offset', block.blockOffset],
      ['body_blocks.raw_len', block.rawLen],
      ['body_blocks.disk_len', block.diskLen],
    ] as const) {
      if (!isCount(v)) return outOfRange(row, lim, `${name} ${String(v)} is not an integer between 0 and 2^53-1`);
    }
  }
  if (block.blockOffset !== row.blockOffset) return outOfRange(row, lim, `the body_blocks row given is for offset ${block.blockOffset}`);
  if (block.rawLen < 1 || block.rawLen > MAX_BLOCK_RAW_BYTES)
    return outOfRange(row, lim, `raw_len ${block.rawLen} is outside 1..${MAX_BLOCK_RAW_BYTES}`);
  if (row.bodyOffset + row.bodyLen > block.rawLen) {
    return outOfRange(row, lim, `body_offset ${row.bodyOffset} + body_len ${row.bodyLen} exceeds the block's raw_len ${block.rawLen}`);
  }
  if (row.blockOffset < lim.headerLen) return outOfRange(row, lim, `block_offset is inside the ${lim.headerLen}-byte file header`);
  // v1 rows record comp_len, which excludes the 44-byte block header.
  const minDisk = lim.version === 1 ? 1 : BLOCK_HEADER_LEN_V2;
  const maxDisk = lim.version === 1 ? MAX_BLOCK_COMP_BYTES_V1 : MAX_BLOCK_DISK_BYTES;
  if (block.diskLen < minDisk || block.diskLen > maxDisk)
    return outOfRange(row, lim, `disk_len ${block.diskLen} is outside ${minDisk}..${maxDisk}`);
  const end = row.blockOffset + block.diskLen + (lim.version === 1 ? BLOCK_HEADER_LEN_V1 : 0);
  if (lim.committedEnd !== null && end > lim.committedEnd) {
    return outOfRange(row, lim, `the block extent ends at ${end}, past archive_state.committed_end ${lim.committedEnd}`);
  }
  // A block whose start lies past the end of the file cannot be read at all; one cut inside its extent is
  // read segment by segment up to the cut (the cursor fails the rest as TRUNCATED_BLOCK).
  const pastEnd = lim.version === 1 ? end > lim.fileSize : row.blockOffset >= lim.fileSize;
  if (pastEnd) {
    return fail(
      'INDEX_PAST_END',
      `${describeRow(row)}: the index names bytes ${row.blockOffset}..${end} past the end of ${lim.path} (${lim.fileSize} bytes); the archive is truncated or belongs to another ledger`,
    );
  }
  return null;
}

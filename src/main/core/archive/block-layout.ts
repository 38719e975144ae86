import { fail, type Failure } from '../../../shared/errors.js';
import { allZero, asciiEquals, startsWith, u32 } from './bytes.js';
import {
  BLOCK_HEADER_LEN_V2,
  BLOCK_MAGIC_V2,
  CODEC_DEFLATE,
  CODEC_ZSTD,
  MAX_BLOCK_RAW_BYTES,
  MAX_SEGMENT_EXPANSION,
  SEGMENT_FINAL,
  SEGMENT_HEADER_LEN,
  SEGMENT_MAGIC,
  ZSTD_MAGIC,
} from './constants.js';

/** One segment header that passed the structural rules 1–7 of docs/formats/ledger-format.md#segment-validation. */
export interface Segment {
  readonly index: number;
  /** File offset of the segment header. */
  readonly at: number;
  readonly final: boolean;
  readonly rawStart: number;
  readonly rawLen: number;
  readonly compLen: number;
  readonly hash: Uint8Array;
  readonly payload: Uint8Array;
}

/** A failure that belongs to segment `index`: every body needing that segment or a later one fails with it. */
export interface SegmentFailure {
  readonly index: number;
  readonly failure: Failure;
}

export type Codec = 'deflate' | 'zstd';

/**
 * The committed extent of a v2/v3 block, walked without decoding.
 * `segments` are the headers that passed rules 1–7; `structural` is the first rule that failed:
 * either before a header (index = segments.length) or rule 9 after the last segment
 * (index = segments.length - 1, checked once that segment decoded).
 */
export interface BlockLayout {
  readonly blockOffset: number;
  readonly codec: Codec;
  readonly segments: readonly Segment[];
  readonly structural: SegmentFailure | null;
}

export type LayoutResult = { readonly ok: true; readonly layout: BlockLayout } | { readonly ok: false; readonly failure: Failure };

/**
 * Walks the block header and every segment header of the committed extent [blockOffset, blockOffset + extentLen).
 * `extent` holds the bytes the file actually has there: shorter than extentLen when the file was cut, in which
 * case segments before the cut still read and the first one reaching past it fails as TRUNCATED_BLOCK.
 * Nothing here allocates beyond small records: payloads are views into `extent`.
 */
export function walkBlock(extent: Uint8Array, extentLen: number, blockOffset: number, rawLenRow: number, path: string): LayoutResult {
  const where = `block at offset ${blockOffset} of ${path}`;
  if (extent.length < BLOCK_HEADER_LEN_V2) {
    return { ok: false, failure: fail('TRUNCATED_BLOCK', `${where}: the file ends inside the block header`) };
  }
  if (!asciiEquals(extent, 0, BLOCK_MAGIC_V2)) {
    return { ok: false, failure: fail('BAD_BLOCK_HEADER', `${where} has a bad block header (no BLK2 magic)`) };
  }
  const codecId = extent[4] ?? 0;
  if (!allZero(extent, 5, 8)) {
    return { ok: false, failure: fail('BAD_BLOCK_HEADER', `${where} has a bad block header (non-zero flags or reserved bytes)`) };
  }
  const segments: Segment[] = [];
  const structural = walkSegments(extent, extentLen, blockOffset, rawLenRow, where, segments);
  let codec: Codec;
  if (codecId === CODEC_DEFLATE) codec = 'deflate';
  else if (codecId === CODEC_ZSTD && segments[0] && startsWith(segments[0].payload, ZSTD_MAGIC)) codec = 'zstd';
  else if (codecId === CODEC_ZSTD && !segments[0] && structural) return { ok: false, failure: structural.failure };
  else
    return { ok: false, failure: fail('UNSUPPORTED_CODEC', `block at offset ${blockOffset} uses unsupported codec ${codecId} (${path})`) };
  return { ok: true, layout: { blockOffset, codec, segments, structural } };
}

function walkSegments(
  extent: Uint8Array,
  extentLen: number,
  blockOffset: number,
  rawLenRow: number,
  where: string,
  out: Segment[],
): SegmentFailure | null {
  let pos = BLOCK_HEADER_LEN_V2;
  let decoded = 0;
  for (let index = 0; ; index++) {
    const at = blockOffset + pos;
    const badSeg = (why: string): SegmentFailure => ({
      index,
      failure: fail('BAD_SEGMENT', `segment at offset ${at} in ${where} is bad: ${why}`),
    });
    const truncated = (why: string): SegmentFailure => ({
      index,
      failure: fail('TRUNCATED_BLOCK', `segment at offset ${at} in ${where} ${why}: the block was never written this far`),
    });
    const cut = (): SegmentFailure => ({
      index,
      failure: fail(
        'TRUNCATED_BLOCK',
        `segment at offset ${at} in ${where} lies past the end of the file (${blockOffset + extent.length} bytes)`,
      ),
    });
    if (pos + SEGMENT_HEADER_LEN > extentLen) {
      return truncated(`has ${extentLen - pos} bytes left in the committed extent, less than a 52-byte header`);
    }
    if (pos + SEGMENT_HEADER_LEN > extent.length) return cut();
    if (!asciiEquals(extent, pos, SEGMENT_MAGIC)) return badSeg('no SGMT magic');
    const flags = extent[pos + 4] ?? 0;
    if ((flags & ~SEGMENT_FINAL) !== 0) return badSeg(`unknown flags 0x${flags.toString(16)}`);
    if (!allZero(extent, pos + 5, pos + 8)) return badSeg('reserved bytes are not zero');
    const final = (flags & SEGMENT_FINAL) !== 0;
    const rawStart = u32(extent, pos + 8);
    const rawLen = u32(extent, pos + 12);
    const compLen = u32(extent, pos + 16);
    if (rawStart !== decoded) return badSeg(`raw_start ${rawStart}, but ${decoded} raw bytes precede it`);
    if (rawStart + rawLen > MAX_BLOCK_RAW_BYTES) return badSeg(`raw_start + raw_len = ${rawStart + rawLen} exceeds 16 MiB`);
    if (rawStart + rawLen > rawLenRow) return badSeg(`raw_start + raw_len = ${rawStart + rawLen} exceeds the row's raw_len ${rawLenRow}`);
    if (compLen > rawLen + MAX_SEGMENT_EXPANSION) return badSeg(`comp_len ${compLen} exceeds raw_len ${rawLen} + 65536`);
    if (rawLen === 0 && !final) return badSeg('raw_len is 0 but the segment is not FINAL');
    const payloadAt = pos + SEGMENT_HEADER_LEN;
    if (payloadAt + compLen > extentLen) return truncated(`has comp_len ${compLen} running past the committed extent`);
    if (payloadAt + compLen > extent.length) return cut();
    out.push({
      index,
      at,
      final,
      rawStart,
      rawLen,
      compLen,
      hash: extent.subarray(pos + 20, pos + 52),
      payload: extent.subarray(payloadAt, payloadAt + compLen),
    });
    pos = payloadAt + compLen;
    decoded += rawLen;
    // Rule 9: checked after this segment decodes (the cursor applies it in that order).
    if (final && pos !== extentLen) {
      return badSeg(`${extentLen - pos} bytes follow this FINAL segment inside the committed extent`);
    }
    if (pos === extentLen) {
      if (decoded !== rawLenRow) return badSeg(`the extent ends after ${decoded} raw bytes, but the row's raw_len is ${rawLenRow}`);
      return null;
    }
  }
}

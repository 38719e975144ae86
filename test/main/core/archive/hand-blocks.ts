// Builds small v2 archives segment by segment, with hooks to break exactly one rule
// (docs/formats/ledger-format.md#codecs, #segment-validation).
import { blockHeaderV2, fileHeaderV1V2, segmentHeader } from '../../../fixtures/writer/archive-layout.js';
import type { EncodedArchive, EncodedBody, EncodedSegment } from '../../../fixtures/writer/archive-plan.js';
import { blake3Raw, blake3Ready, blake3Tagged } from '../../../fixtures/writer/blake3.js';
import { DeflateSegmentCompressor, ZstdSegmentCompressor, concatBytes } from '../../../fixtures/writer/segment-compressors.js';

export interface HandSegment {
  readonly raw: Uint8Array;
  /** FINAL flag written in the header. */
  readonly final: boolean;
  /** Whether the compressor ends the stream/frame here (default: same as `final`). */
  readonly endStream?: boolean;
  /** Rewrites the compressed payload (after compression, before the header is made). */
  readonly payload?: (p: Uint8Array) => Uint8Array;
  /** Rewrites the 52-byte header. */
  readonly header?: (h: Uint8Array) => Uint8Array;
}

export interface HandBlock {
  readonly codec: 'deflate' | 'zstd';
  readonly codecId?: number;
  readonly segments: readonly HandSegment[];
  /** Raw length the body_blocks row records (default: the sum of segment raws). */
  readonly rowRawLen?: number;
  /** Bytes appended inside the committed extent after the last segment. */
  readonly extra?: Uint8Array;
}

/** Builds a v2 archive; one body row per non-empty segment, named seg-<block>-<segment>. */
export async function handArchive(blocks: readonly HandBlock[]): Promise<EncodedArchive> {
  await blake3Ready();
  const parts: Uint8Array[] = [fileHeaderV1V2(2)];
  let at = 16;
  const encBlocks: EncodedArchive['blocks'][number][] = [];
  const bodies: EncodedBody[] = [];
  blocks.forEach((b, bi) => {
    const blockOffset = at;
    const compressor = b.codec === 'deflate' ? new DeflateSegmentCompressor(6) : new ZstdSegmentCompressor(3);
    const blockParts: Uint8Array[] = [blockHeaderV2(b.codecId ?? (b.codec === 'deflate' ? 1 : 2))];
    let pos = blockOffset + 8;
    let rawStart = 0;
    const segs: EncodedSegment[] = [];
    b.segments.forEach((s, si) => {
      let payload = compressor.segment(s.raw, s.endStream ?? s.final);
      if (s.payload) payload = s.payload(payload);
      let header = segmentHeader({ final: s.final, rawStart, rawLen: s.raw.length, compLen: payload.length, rawHash: blake3Raw(s.raw) });
      if (s.header) header = s.header(Uint8Array.from(header));
      blockParts.push(header, payload);
      segs.push({ fileOffset: pos, final: s.final, rawStart, rawLen: s.raw.length, compLen: payload.length, raw: s.raw });
      if (s.raw.length > 0) {
        bodies.push({
          key: { eventId: `${bi}`.padStart(6, '0') + `${si}`.padStart(6, '0'), sourceTable: 'net_events', direction: 'response' },
          bytes: s.raw,
          blockOffset,
          bodyOffset: rawStart,
          bodyLen: s.raw.length,
          bodyHash: blake3Tagged(s.raw),
          sharesSpanWith: null,
        });
      }
      pos += 52 + payload.length;
      rawStart += s.raw.length;
    });
    if (b.extra) blockParts.push(b.extra);
    const bytes = concatBytes(blockParts);
    const raw = concatBytes(b.segments.map((s) => s.raw));
    encBlocks.push({
      blockOffset,
      rawLen: b.rowRawLen ?? raw.length,
      diskLen: bytes.length,
      sealedAt: null as unknown as string,
      codec: b.codec,
      final: true,
      segments: segs,
      raw,
    });
    parts.push(bytes);
    at += bytes.length;
  });
  return {
    version: 2,
    bytes: concatBytes(parts),
    headerLen: 16,
    fileName: null,
    archiveId: null,
    generationId: null,
    blocks: encBlocks,
    bodies,
    committedEnd: at,
  };
}

export const text = (s: string): Uint8Array => new TextEncoder().encode(s);

/** Distinct, somewhat compressible raw bytes for segment `i`. */
export const segRaw = (i: number, n = 700): Uint8Array => text(`segment ${i}: ${'abcdefgh'.repeat(n / 8)}${i}`);

/** A deflate payload that ends the stream with an empty stored FINAL block, yet still ends in 00 00 FF FF. */
export const endWithStoredFinal = (p: Uint8Array): Uint8Array => concatBytes([p, Uint8Array.of(0x01, 0x00, 0x00, 0xff, 0xff)]);

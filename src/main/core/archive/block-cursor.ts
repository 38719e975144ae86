import { fail, type Failure } from '../../../shared/errors.js';
import type { BlockLayout, Segment, SegmentFailure } from './block-layout.js';
import { blake3Matches } from './blake3.js';
import { decodeDeflateSegments } from './deflate-segments.js';
import type { DecoderFactory, ZstdSegmentDecoder } from './zstd-decoders.js';
import { ZstdFrameWalker } from './zstd-frame-walker.js';

/**
 * One block's reading state. `raw[0, verified)` holds raw bytes whose segment hashes all matched;
 * `failure` (once set) is the first bad segment's failure, and every body needing bytes at or past
 * `verified` fails with it. The decoder that met the failure is dropped at once and never used again
 * (a poisoned decoder never serves bytes); the already-verified prefix stays, because a fresh cursor
 * would decode and verify exactly the same bytes (docs/formats/ledger-format.md#which-bodies-fail).
 */
export interface BlockCursor {
  /** Decodes until raw[0, rawEnd) is verified; null on success, else the failure that stops it. */
  ensure(rawEnd: number): Failure | null;
  readonly raw: Uint8Array;
  /**
   * Gives back native decoder resources now (called on cache eviction and archive close). Verified bytes stay
   * readable; decoding further fails. Idempotent.
   */
  release(): void;
}

/** A block that failed before any segment could be read (header, codec, extent). */
export function failedCursor(failure: Failure): BlockCursor {
  return { ensure: () => failure, raw: new Uint8Array(0), release: () => undefined };
}

/** A block whose raw bytes are already fully verified (v1 whole-block). */
export function verifiedCursor(raw: Uint8Array): BlockCursor {
  return { ensure: () => null, raw, release: () => undefined };
}

export class DeflateBlockCursor implements BlockCursor {
  /** node:zlib's one-shot inflate keeps nothing native between calls. */
  readonly release = (): void => undefined;
  raw: Uint8Array = new Uint8Array(0);
  private decoded = false;
  private failure: Failure | null = null;
  constructor(
    private readonly layout: BlockLayout,
    private readonly where: string,
  ) {}

  ensure(rawEnd: number): Failure | null {
    if (!this.decoded) {
      // node:zlib cannot inflate segment by segment synchronously, so decode every segment at the first read.
      const res = decodeDeflateSegments(this.layout.segments, this.layout.structural, this.where);
      this.raw = res.raw;
      this.failure = res.failure?.failure ?? null;
      this.decoded = true;
    }
    if (rawEnd <= this.raw.length) return null;
    return this.failure ?? fail('INTERNAL', `${this.where}: verified ${this.raw.length} raw bytes without finding why the rest is missing`);
  }
}

export class ZstdBlockCursor implements BlockCursor {
  readonly raw: Uint8Array;
  private verified = 0;
  private next = 0;
  private failure: Failure | null = null;
  private decoder: ZstdSegmentDecoder | null;
  private readonly walker: ZstdFrameWalker;

  /**
   * `raw` must be raw_len + 1 bytes (one spare byte so a segment decoding to more than its raw_len is seen, not
   * silently cut). Its contents do not matter: only the verified prefix is ever read.
   */
  constructor(
    private readonly layout: BlockLayout,
    raw: Uint8Array,
    private readonly where: string,
    createDecoder: DecoderFactory,
  ) {
    this.raw = raw;
    const decoder = createDecoder();
    this.decoder = decoder;
    // The sequence pre-check cost ~30% of verification with libzstd, which needs no protection from forged blocks.
    this.walker = new ZstdFrameWalker({ checkSequences: !decoder.selfBounding });
  }

  ensure(rawEnd: number): Failure | null {
    while (this.verified < rawEnd && !this.failure) {
      const seg = this.layout.segments[this.next];
      const err = seg ? this.step(seg) : this.structuralAt(this.next);
      if (err) {
        this.failure = err.failure;
        this.release();
      } else {
        this.verified += seg?.rawLen ?? 0;
        this.next++;
        // The frame is over: nothing more to decode, so the native context goes back at once.
        if (seg?.final) this.release();
      }
    }
    return rawEnd <= this.verified ? null : this.failure;
  }

  release(): void {
    this.decoder?.release();
    this.decoder = null;
  }

  get verifiedBytes(): number {
    return this.verified;
  }

  private structuralAt(index: number): SegmentFailure {
    const s = this.layout.structural;
    if (s && s.index === index) return s;
    return { index, failure: fail('INTERNAL', `${this.where}: ran out of segments after ${this.verified} raw bytes`) };
  }

  private step(seg: Segment): SegmentFailure | null {
    const bad = (code: Failure['code'], why: string): SegmentFailure => ({
      index: seg.index,
      failure: fail(code, `segment at offset ${seg.at} in ${this.where} ${why}`),
    });
    const walk = this.walker.feed(seg.payload);
    if (!walk.ok) return bad(walk.tooLarge ? 'DECODED_TOO_LARGE' : 'DECODE_FAILED', `did not decode: ${walk.message}`);
    if (walk.trailing > 0) return bad('DECODE_FAILED', `did not decode: ${walk.trailing} bytes follow the end of the zstd frame`);
    if (walk.ended && !seg.final) return bad('DECODE_FAILED', 'did not decode: it ends the zstd frame but is not FINAL');
    if (!walk.ended && seg.final) return bad('DECODE_FAILED', 'did not decode: it is FINAL but does not end the zstd frame');
    if (!walk.atBlockBoundary) return bad('DECODE_FAILED', 'did not decode: it stops inside a zstd block, not at a flush point');
    const decoder = this.decoder;
    if (!decoder) return bad('INTERNAL', 'was reached after the decoder was discarded');
    const out = this.raw.subarray(seg.rawStart, seg.rawStart + seg.rawLen + 1);
    const r = decoder.decode(seg.payload, out);
    switch (r.kind) {
      case 'too-large':
        return bad('DECODED_TOO_LARGE', `decodes to more than the ${seg.rawLen} bytes its header declares`);
      case 'error':
        return bad('DECODE_FAILED', `did not decode: ${r.message}`);
      case 'ok':
        break;
    }
    if (r.produced > seg.rawLen) return bad('DECODED_TOO_LARGE', `decodes to more than the ${seg.rawLen} bytes its header declares`);
    if (r.produced < seg.rawLen)
      return bad('SEGMENT_HASH_MISMATCH', `fails its integrity check: it decodes to ${r.produced} bytes, its header says ${seg.rawLen}`);
    if (!blake3Matches(out.subarray(0, seg.rawLen), seg.hash)) return bad('SEGMENT_HASH_MISMATCH', 'does not match its segment hash');
    const size = this.walker.contentSize;
    if (seg.final && size !== null && size !== seg.rawStart + seg.rawLen) {
      return bad('DECODE_FAILED', `did not decode: the zstd frame declares ${size} bytes but the block holds ${seg.rawStart + seg.rawLen}`);
    }
    const post = this.layout.structural;
    if (post && post.index === seg.index) return post;
    return null;
  }
}

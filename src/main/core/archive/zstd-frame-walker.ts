import { MAX_BLOCK_RAW_BYTES, MAX_ZSTD_WINDOW_LOG } from './constants.js';
import { checkCompressedBlock, type SequenceTables } from './zstd-sequences.js';

/** Where a segment left the zstd frame, as seen from its structure alone (no decoding). */
export type WalkStep =
  | { readonly ok: true; readonly ended: boolean; readonly trailing: number; readonly atBlockBoundary: boolean }
  | { readonly ok: false; readonly tooLarge: boolean; readonly message: string };

const MAX_BLOCK = 128 * 1024;
const MAX_WINDOW = 2 ** MAX_ZSTD_WINDOW_LOG;

type State = 'magic' | 'header' | 'blockHeader' | 'blockBody' | 'checksum' | 'ended';

/**
 * Walks the structure of one zstd frame (RFC 8878 §3.1.1) across segment payloads: frame header,
 * block headers and sizes, optional checksum. This is decoder-independent, so both backends see
 * the same answers to "did the frame end in this segment, and were bytes left after it?" and
 * "does the segment stop on a block boundary (a flush point)?". It also refuses, before any decoder
 * allocates, windows larger than 8 MiB, dictionaries and reserved block types, and checks each compressed
 * block's literals and sequences sections (zstd-sequences.ts) so no decoder is handed a block that decodes past
 * the block maximum.
 */
export class ZstdFrameWalker {
  private state: State = 'magic';
  private need = 4;
  private buf: number[] = [];
  private skip = 0;
  private maxBlock = MAX_BLOCK;
  private checksum = false;
  private lastBlock = false;
  /** Set by a compressed block's header: its body is checked once it is all in view. */
  private compressedBody = false;
  private readonly tables: SequenceTables = { ll: null, of: null, ml: null };
  /** Frame_Content_Size when the header carries one. */
  contentSize: number | null = null;
  private readonly checkSequences: boolean;

  /** `checkSequences: false` skips the per-block literals/sequences check (for decoders that bound themselves). */
  constructor(options: { readonly checkSequences?: boolean } = {}) {
    this.checkSequences = options.checkSequences ?? true;
  }

  feed(payload: Uint8Array): WalkStep {
    let i = 0;
    while (i < payload.length) {
      if (this.state === 'ended') return { ok: true, ended: true, trailing: payload.length - i, atBlockBoundary: true };
      if (this.skip > 0) {
        const n = Math.min(this.skip, payload.length - i);
        this.skip -= n;
        i += n;
        if (this.skip === 0) this.afterSkip();
        continue;
      }
      this.buf.push(payload[i++] ?? 0);
      if (this.buf.length < this.need) continue;
      const err = this.onField();
      if (err) return err;
      // A compressed block wholly inside this payload is checked before any decoder runs. One that runs past the
      // payload's end is refused anyway: a segment must stop on a block boundary.
      if (this.compressedBody && !this.checkSequences) this.compressedBody = false;
      if (this.compressedBody && i + this.skip <= payload.length) {
        this.compressedBody = false;
        const why = checkCompressedBlock(payload.subarray(i, i + this.skip), this.maxBlock, this.tables);
        if (why) return bad(`a compressed zstd block is malformed: ${why}`);
      }
    }
    const ended = this.state === 'ended';
    const atBlockBoundary = ended || (this.state === 'blockHeader' && this.buf.length === 0);
    return { ok: true, ended, trailing: 0, atBlockBoundary };
  }

  private afterSkip(): void {
    if (this.state === 'checksum') this.state = 'ended';
    else if (this.lastBlock) this.endBlocks();
    else this.expect('blockHeader', 3);
  }

  private endBlocks(): void {
    if (this.checksum) {
      this.state = 'checksum';
      this.skip = 4;
    } else this.state = 'ended';
  }

  private expect(state: State, need: number): void {
    this.state = state;
    this.need = need;
    this.buf = [];
  }

  private onField(): WalkStep | null {
    const b = this.buf;
    switch (this.state) {
      case 'magic':
        if (b[0] !== 0x28 || b[1] !== 0xb5 || b[2] !== 0x2f || b[3] !== 0xfd) return bad('the zstd frame magic is missing');
        this.expect('header', 1);
        return null;
      case 'header':
        return this.onHeader();
      case 'blockHeader': {
        const v = (b[0] ?? 0) | ((b[1] ?? 0) << 8) | ((b[2] ?? 0) << 16);
        this.lastBlock = (v & 1) === 1;
        const type = (v >> 1) & 3;
        const size = v >>> 3;
        if (type === 3) return bad('a zstd block uses the reserved block type');
        if (size > this.maxBlock) return bad(`a zstd block of ${size} bytes exceeds the maximum block size ${this.maxBlock}`);
        this.buf = [];
        this.state = 'blockBody';
        this.skip = type === 1 ? 1 : size;
        this.compressedBody = type === 2;
        if (type === 2 && size === 0) return bad('a compressed zstd block is empty');
        if (this.skip === 0) this.afterSkip();
        return null;
      }
      case 'blockBody':
      case 'checksum':
      case 'ended':
        return bad('internal walker state');
    }
  }

  private onHeader(): WalkStep | null {
    const b = this.buf;
    const fhd = b[0] ?? 0;
    const fcsFlag = fhd >> 6;
    const single = (fhd & 0x20) !== 0;
    const dictFlag = fhd & 3;
    const dictBytes = [0, 1, 2, 4][dictFlag] ?? 0;
    const fcsBytes = fcsFlag === 0 ? (single ? 1 : 0) : 1 << fcsFlag;
    const total = 1 + (single ? 0 : 1) + dictBytes + fcsBytes;
    if (b.length < total) {
      this.need = total;
      return null;
    }
    if (fhd & 0x08) return bad('the zstd frame header sets its reserved bit');
    let at = 1;
    let window = 0;
    if (!single) {
      const wd = b[at++] ?? 0;
      const log = 10 + (wd >> 3);
      if (log > MAX_ZSTD_WINDOW_LOG)
        return tooLarge(`the zstd window of 2^${log} bytes exceeds the ${MAX_WINDOW / 2 ** 20} MiB window limit`);
      const base = 2 ** log;
      window = base + (base / 8) * (wd & 7);
    }
    let dict = 0;
    for (let k = 0; k < dictBytes; k++) dict += (b[at++] ?? 0) * 2 ** (8 * k);
    if (dict !== 0) return bad(`the zstd frame needs dictionary ${dict}, which no ledger uses`);
    if (fcsBytes > 0) {
      let fcs = 0;
      for (let k = 0; k < fcsBytes; k++) fcs += (b[at++] ?? 0) * 2 ** (8 * k);
      if (fcsBytes === 2) fcs += 256;
      this.contentSize = fcs;
      if (fcs > MAX_BLOCK_RAW_BYTES) return tooLarge(`the zstd frame claims ${fcs} bytes, more than the 16 MiB block cap`);
      if (single) window = fcs;
    }
    if (window > MAX_WINDOW) return tooLarge(`the zstd window of ${window} bytes exceeds the ${MAX_WINDOW / 2 ** 20} MiB window limit`);
    this.maxBlock = Math.min(MAX_BLOCK, Math.max(window, 1));
    this.checksum = (fhd & 0x04) !== 0;
    this.expect('blockHeader', 3);
    return null;
  }
}

function bad(message: string): WalkStep {
  return { ok: false, tooLarge: false, message };
}

function tooLarge(message: string): WalkStep {
  return { ok: false, tooLarge: true, message };
}

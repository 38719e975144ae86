// Streams a v2 single-file archive (docs/formats/ledger-format.md#file-format-v2) to disk as the product's writer
// lays it out: a block is one compression stream of about 1 MiB raw, written as segments (each sync-flushed, the last
// one FINAL), and bodies are placed by (block_offset, body_offset). Only the segment being staged is held in memory.
import { closeSync, openSync, writeSync } from 'node:fs';
import { blockHeaderV2, CODEC_DEFLATE, CODEC_ZSTD, fileHeaderV1V2, segmentHeader } from '../../test/fixtures/writer/archive-layout.js';
import { blake3Raw } from '../../test/fixtures/writer/blake3.js';
import { DeflateSegmentCompressor, ZstdSegmentCompressor } from '../../test/fixtures/writer/segment-compressors.js';
import type { SegmentCompressor } from '../../test/fixtures/writer/segment-compressors.js';
import type { BlockRow } from '../../src/shared/ledger-types.js';

export type Codec = 'zstd' | 'deflate';

export interface ArchiveStreamOptions {
  readonly path: string;
  /** Raw bytes after which a block is sealed (the writer's TARGET_BLOCK_BYTES, 1 MiB). */
  readonly blockBytes: number;
  /** Raw bytes staged before a segment is flushed; asked once per segment so segment sizes vary. */
  readonly segmentBytes: () => number;
  readonly codecForBlock: (blockIndex: number) => Codec;
  /** Called once per sealed block with its body_blocks row. */
  readonly onBlock: (row: BlockRow, codec: Codec) => void;
}

export interface BodyPlacement {
  readonly blockOffset: number;
  readonly bodyOffset: number;
}

export interface ArchiveTotals {
  readonly fileBytes: number;
  readonly rawBytes: number;
  readonly blocks: number;
  readonly deflateBlocks: number;
  readonly segments: number;
}

export class ArchiveStream {
  private readonly fd: number;
  private at = 0;
  private block: {
    offset: number;
    index: number;
    codec: Codec;
    compressor: SegmentCompressor;
    raw: number;
    sealedAt: string | null;
  } | null = null;
  private staged: Uint8Array[] = [];
  private stagedRaw = 0;
  private stagedSealedAt: string | null = null;
  private segmentTarget: number;
  // One zstd context for the whole file: after ZSTD_e_end the next call starts a new frame with the same settings.
  private readonly zstd = new ZstdSegmentCompressor(3);
  private totals = { rawBytes: 0, blocks: 0, deflateBlocks: 0, segments: 0 };

  constructor(private readonly opts: ArchiveStreamOptions) {
    this.fd = openSync(opts.path, 'w', 0o600);
    this.write(fileHeaderV1V2(2));
    this.segmentTarget = opts.segmentBytes();
  }

  /** Stages one body; returns where its row must point. Seals a block first when the body would overfill it. */
  add(bytes: Uint8Array, createdAt: string): BodyPlacement {
    if (this.block && this.block.raw + this.stagedRaw > 0 && this.block.raw + this.stagedRaw + bytes.length > this.opts.blockBytes)
      this.seal();
    const block = this.block ?? this.openBlock();
    const placement = { blockOffset: block.offset, bodyOffset: block.raw + this.stagedRaw };
    this.staged.push(bytes);
    this.stagedRaw += bytes.length;
    this.stagedSealedAt = createdAt;
    if (block.raw + this.stagedRaw >= this.opts.blockBytes) this.seal();
    else if (this.stagedRaw >= this.segmentTarget) this.flush();
    return placement;
  }

  /** Raw bytes placed so far (written and staged). */
  rawSoFar(): number {
    return this.totals.rawBytes + this.stagedRaw;
  }

  /** Writes the staged bytes as one non-final segment (the writer's periodic disk flush). */
  flush(): void {
    if (!this.block || this.stagedRaw === 0) return;
    this.writeSegment(false);
  }

  /** Ends the open block with a FINAL segment (empty when nothing is staged, as after an age-based seal). */
  seal(): void {
    if (!this.block) return;
    this.writeSegment(true);
    const b = this.block;
    this.opts.onBlock({ blockOffset: b.offset, rawLen: b.raw, diskLen: this.at - b.offset, sealedAt: b.sealedAt }, b.codec);
    this.totals.blocks += 1;
    if (b.codec === 'deflate') this.totals.deflateBlocks += 1;
    this.block = null;
  }

  close(): ArchiveTotals {
    this.seal();
    closeSync(this.fd);
    return { fileBytes: this.at, ...this.totals };
  }

  private openBlock(): NonNullable<ArchiveStream['block']> {
    const index = this.totals.blocks;
    const codec = this.opts.codecForBlock(index);
    const compressor = codec === 'zstd' ? this.zstd : new DeflateSegmentCompressor(6);
    this.block = { offset: this.at, index, codec, compressor, raw: 0, sealedAt: null };
    this.write(blockHeaderV2(codec === 'zstd' ? CODEC_ZSTD : CODEC_DEFLATE));
    return this.block;
  }

  private writeSegment(final: boolean): void {
    const block = this.block!;
    const raw = this.staged.length === 1 ? this.staged[0]! : Buffer.concat(this.staged, this.stagedRaw);
    const comp = block.compressor.segment(raw, final);
    this.write(segmentHeader({ final, rawStart: block.raw, rawLen: raw.length, compLen: comp.length, rawHash: blake3Raw(raw) }));
    this.write(comp);
    // sealed_at is the time of the last segment that added raw bytes; an empty FINAL does not move it.
    if (raw.length > 0) block.sealedAt = this.stagedSealedAt;
    block.raw += raw.length;
    this.totals.rawBytes += raw.length;
    this.totals.segments += 1;
    this.staged = [];
    this.stagedRaw = 0;
    this.segmentTarget = this.opts.segmentBytes();
  }

  private write(bytes: Uint8Array): void {
    let done = 0;
    while (done < bytes.length) done += writeSync(this.fd, bytes, done, bytes.length - done);
    this.at += bytes.length;
  }
}

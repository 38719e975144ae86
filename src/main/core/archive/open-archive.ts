import fs from 'node:fs';
import type { BlockRow, BodyIndexRow } from '../../../shared/ledger-types.js';
import { fail, toFailure, type Failure } from '../../../shared/errors.js';
import { openArchiveFile, readInto, type ArchiveFile } from './archive-file.js';
import { walkBlock } from './block-layout.js';
import { DeflateBlockCursor, ZstdBlockCursor, failedCursor, verifiedCursor, type BlockCursor } from './block-cursor.js';
import { blake3MatchesTagged, blake3Spans, digestMatchesTagged, initBlake3 } from './blake3.js';
import { BLOCK_HEADER_LEN_V1 } from './constants.js';
import { RawBufferPool } from './raw-buffer-pool.js';
import { checkRowBounds, describeRow, type ExtentLimits } from './row-bounds.js';
import { decodeV1Block } from './v1-block.js';
import type { ArchiveOpenOptions, ArchiveOpenResult, BodyCheckResult, BodyReadResult, OpenedArchive } from './types.js';
import { chooseZstdBackend, type DecoderFactory } from './zstd-decoders.js';

const DEFAULT_CURSOR_CACHE = 4;

/**
 * Opens a body archive read-only and validates its file header (v1, v2, v3). Every later read goes
 * through `readBody`, which checks the row's bounds, decodes only as far as the body needs, verifies every
 * segment hash on the way and then the body hash.
 */
export async function openArchive(opts: ArchiveOpenOptions): Promise<ArchiveOpenResult> {
  await initBlake3();
  const backend = chooseZstdBackend(opts.zstdBackend ?? 'auto');
  if (!backend) return { ok: false, error: fail('BAD_REQUEST', 'the native zstd decoder (zstd-napi) was requested but cannot be loaded') };
  const opened = openArchiveFile(opts.location, opts.expectedVersion, opts.archiveState ?? null);
  if (!opened.ok) return opened;
  const cacheSize = Math.max(1, Math.floor(opts.cursorCacheSize ?? DEFAULT_CURSOR_CACHE));
  return { ok: true, archive: new ArchiveReader(opened.file, backend.name, backend.create, cacheSize) };
}

class ArchiveReader implements OpenedArchive {
  readonly filePath: string;
  readonly fileVersion: 1 | 2 | 3;
  readonly fileSize: number;
  /** Insertion-ordered, so the first key is the least recently used. */
  private readonly cursors = new Map<string, BlockCursor>();
  private closed = false;
  private readonly rawBuffers = new RawBufferPool();
  /**
   * The on-disk bytes of cached blocks, reused like the raw buffers (a fresh buffer per block was a zero-filled page
   * fault per 4 KiB of every block read). A cursor's segment payloads are views into its disk buffer, so the buffer
   * goes back only when that cursor leaves the cache.
   */
  private readonly diskBuffers = new RawBufferPool();
  private readonly diskOf = new WeakMap<BlockCursor, Uint8Array>();
  /** The most recently used cursor (also the last entry of `cursors`). */
  private mru: { readonly blockOffset: number; readonly diskLen: number; readonly rawLen: number; readonly cursor: BlockCursor } | null =
    null;

  /** What bounds every row: the same for the reader's life, so made once (it was one object per body checked). */
  private readonly limits: ExtentLimits;

  constructor(
    private readonly file: ArchiveFile,
    readonly zstdBackend: OpenedArchive['zstdBackend'],
    private readonly createDecoder: DecoderFactory,
    private readonly cacheSize: number,
  ) {
    this.filePath = file.path;
    this.fileVersion = file.header.version;
    this.fileSize = file.size;
    this.limits = {
      path: this.filePath,
      version: this.fileVersion,
      headerLen: file.header.headerLen,
      fileSize: this.fileSize,
      committedEnd: file.committedEnd,
    };
  }

  readBody(row: BodyIndexRow, block: BlockRow | undefined): BodyReadResult {
    const found = this.verifiedView(row, block);
    // A copy: the view points into the block cursor's buffer, which a caller must neither keep alive nor see change.
    return found.ok ? { ok: true, bytes: found.view.slice() } : found;
  }

  checkBody(row: BodyIndexRow, block: BlockRow | undefined): BodyCheckResult {
    const found = this.verifiedView(row, block);
    return found.ok ? { ok: true, length: found.view.length } : found;
  }

  checkBodies(rows: readonly BodyIndexRow[], block: BlockRow, results: BodyCheckResult[]): void {
    // Every row is located first (bounds, then its block decoded and segment-verified as far as it needs); the rows
    // that can be read are then hashed together. All name `block`, so they share one cursor and its raw buffer.
    const spans = new Uint32Array(2 * rows.length);
    const at: number[] = [];
    let raw: Uint8Array | null = null;
    rows.forEach((row, i) => {
      const found = this.located(row, block);
      if (!found.ok) {
        results[i] = found;
        return;
      }
      raw = found.raw;
      spans[2 * at.length] = found.start;
      spans[2 * at.length + 1] = row.bodyLen;
      at.push(i);
    });
    if (at.length === 0 || raw === null) return;
    const digests = new Uint8Array(32 * at.length);
    try {
      blake3Spans(raw, spans.subarray(0, 2 * at.length), digests);
    } catch (e) {
      const error = toFailure(e);
      for (const i of at) results[i] = { ok: false, error };
      return;
    }
    at.forEach((i, k) => {
      const row = rows[i]!;
      results[i] = digestMatchesTagged(digests, 32 * k, row.bodyHash)
        ? { ok: true, length: row.bodyLen }
        : { ok: false, error: this.mismatch(row, block) };
    });
  }

  verifiedSpan(
    row: BodyIndexRow,
    block: BlockRow,
  ): { readonly raw: Uint8Array; readonly start: number; readonly verifiedEnd: number } | null {
    // The row has just verified, so its bounds held and its block is the most recent one: its bytes are there. Asked
    // once per body by grep, the full path (bounds object, cache key) was a visible share of a search.
    const mru = this.mru;
    if (
      !this.closed &&
      row.bodyOffset !== null &&
      mru &&
      mru.blockOffset === block.blockOffset &&
      mru.diskLen === block.diskLen &&
      mru.rawLen === block.rawLen &&
      row.blockOffset === block.blockOffset &&
      mru.cursor.ensure(row.bodyOffset + row.bodyLen) === null
    ) {
      return { raw: mru.cursor.raw, start: row.bodyOffset, verifiedEnd: verifiedEndOf(mru.cursor) };
    }
    const found = this.located(row, block);
    return found.ok ? { raw: found.raw, start: found.start, verifiedEnd: verifiedEndOf(this.cursorFor(block)) } : null;
  }

  /** The row's bytes as a view into the block cursor's verified buffer, after every check; never a copy. */
  private verifiedView(
    row: BodyIndexRow,
    block: BlockRow | undefined,
  ): { readonly ok: true; readonly view: Uint8Array } | { readonly ok: false; readonly error: Failure } {
    const found = this.located(row, block);
    if (!found.ok) return found;
    const view = found.raw.subarray(found.start, found.start + row.bodyLen);
    try {
      return blake3MatchesTagged(view, row.bodyHash) ? { ok: true, view } : { ok: false, error: this.mismatch(row, block!) };
    } catch (e) {
      return { ok: false, error: toFailure(e) };
    }
  }

  /**
   * Where the row's bytes are, once its bounds passed and its block is decoded and segment-verified up to its end:
   * the cursor's raw buffer and the body's start in it. Not yet compared with the row's hash.
   */
  private located(
    row: BodyIndexRow,
    block: BlockRow | undefined,
  ): { readonly ok: true; readonly raw: Uint8Array; readonly start: number } | { readonly ok: false; readonly error: Failure } {
    try {
      if (this.closed) return { ok: false, error: fail('BAD_REQUEST', `the archive ${this.filePath} is closed`) };
      const bounds = checkRowBounds(row, block, this.limits);
      if (bounds || !block || row.bodyOffset === null)
        return { ok: false, error: bounds ?? fail('INTERNAL', 'row bounds passed without a block') };
      const cursor = this.cursorFor(block);
      const stop = cursor.ensure(row.bodyOffset + row.bodyLen);
      if (stop) return { ok: false, error: fail(stop.code, `${describeRow(row)} cannot be read: ${stop.message}`) };
      return { ok: true, raw: cursor.raw, start: row.bodyOffset };
    } catch (e) {
      return { ok: false, error: toFailure(e) };
    }
  }

  private mismatch(row: BodyIndexRow, block: BlockRow): Failure {
    return fail(
      'BODY_HASH_MISMATCH',
      `${describeRow(row)} at raw offset ${row.bodyOffset} of block at offset ${block.blockOffset} in ${this.filePath}: the body read there does not match the row that named it (${row.bodyHash})`,
    );
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    // Deterministic: native zstd contexts go back to the pool now, not when a finalizer eventually runs.
    for (const cursor of this.cursors.values()) cursor.release();
    this.cursors.clear();
    this.mru = null;
    this.rawBuffers.clear();
    this.diskBuffers.clear();
    fs.closeSync(this.file.fd);
  }

  /**
   * A cursor is reusable only for the same (block_offset, disk_len, raw_len)
   * (docs/formats/ledger-format.md#reading-one-body).
   */
  private cursorFor(block: BlockRow): BlockCursor {
    // Rows come block by block: the block of the previous row is by far the likeliest, and is already the most
    // recently used, so it needs no key text and no reordering.
    const mru = this.mru;
    if (mru && mru.blockOffset === block.blockOffset && mru.diskLen === block.diskLen && mru.rawLen === block.rawLen) return mru.cursor;
    const key = `${block.blockOffset}:${block.diskLen}:${block.rawLen}`;
    let cursor = this.cursors.get(key);
    if (cursor) {
      this.cursors.delete(key);
      this.cursors.set(key, cursor);
    } else {
      cursor = this.makeCursor(block);
      this.cursors.set(key, cursor);
      while (this.cursors.size > this.cacheSize) {
        const oldest = this.cursors.keys().next().value;
        if (oldest === undefined) break;
        this.retire(this.cursors.get(oldest));
        this.cursors.delete(oldest);
      }
    }
    this.mru = { blockOffset: block.blockOffset, diskLen: block.diskLen, rawLen: block.rawLen, cursor };
    return cursor;
  }

  /** A cursor leaving the cache: its native context goes back now, and a zstd cursor's buffer to the pool. */
  private retire(cursor: BlockCursor | undefined): void {
    if (!cursor) return;
    cursor.release();
    if (cursor instanceof ZstdBlockCursor) this.rawBuffers.give(cursor.raw);
    const disk = this.diskOf.get(cursor);
    if (disk) this.diskBuffers.give(disk);
  }

  /** Lends the cursor its disk bytes until it retires; a cursor that keeps no view of them gives them back at once. */
  private keepsDisk(cursor: BlockCursor, disk: Uint8Array): BlockCursor {
    this.diskOf.set(cursor, disk);
    return cursor;
  }

  private makeCursor(block: BlockRow): BlockCursor {
    const where = `block at offset ${block.blockOffset} of ${this.filePath}`;
    const len = block.diskLen + (this.fileVersion === 1 ? BLOCK_HEADER_LEN_V1 : 0);
    // Never read past the end of the file, whatever the row claims (bounded by MAX_BLOCK_DISK_BYTES anyway).
    const disk = this.diskBuffers.take(Math.max(0, Math.min(len, this.fileSize - block.blockOffset)));
    const bytes = readInto(this.file.fd, block.blockOffset, disk);
    if (this.fileVersion === 1) {
      // Decoded into a buffer of its own at once: nothing keeps a view of the disk bytes.
      const cursor =
        bytes.length < len
          ? failedCursor(fail('TRUNCATED_BLOCK', `${where}: the file ends ${len - bytes.length} bytes before the end of the block`))
          : ((v1) => (v1.ok ? verifiedCursor(v1.raw) : failedCursor(v1.failure)))(decodeV1Block(bytes, block, this.filePath));
      this.diskBuffers.give(disk);
      return cursor;
    }
    const walked = walkBlock(bytes, len, block.blockOffset, block.rawLen, this.filePath);
    if (!walked.ok) {
      this.diskBuffers.give(disk);
      return failedCursor(walked.failure);
    }
    switch (walked.layout.codec) {
      case 'deflate':
        return this.keepsDisk(new DeflateBlockCursor(walked.layout, where), disk);
      case 'zstd':
        return this.keepsDisk(new ZstdBlockCursor(walked.layout, this.rawBuffers.take(block.rawLen + 1), where, this.createDecoder), disk);
    }
  }
}

/**
 * How far a cursor's raw bytes are verified: a zstd cursor verifies segment by segment; the others verify the whole
 * block at once (or nothing, and then no row is located in it).
 */
function verifiedEndOf(cursor: BlockCursor): number {
  return cursor instanceof ZstdBlockCursor ? cursor.verifiedBytes : cursor.raw.length;
}

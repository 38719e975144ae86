import fs from 'node:fs';
import type { BlockRow, BodyIndexRow } from '../../../shared/ledger-types.js';
import { fail, toFailure } from '../../../shared/errors.js';
import { openArchiveFile, readAt, type ArchiveFile } from './archive-file.js';
import { walkBlock } from './block-layout.js';
import { DeflateBlockCursor, ZstdBlockCursor, failedCursor, verifiedCursor, type BlockCursor } from './block-cursor.js';
import { blake3Tagged, initBlake3 } from './blake3.js';
import { BLOCK_HEADER_LEN_V1 } from './constants.js';
import { checkRowBounds, describeRow } from './row-bounds.js';
import { decodeV1Block } from './v1-block.js';
import type { ArchiveOpenOptions, ArchiveOpenResult, BodyReadResult, OpenedArchive } from './types.js';
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

  constructor(
    private readonly file: ArchiveFile,
    readonly zstdBackend: OpenedArchive['zstdBackend'],
    private readonly createDecoder: DecoderFactory,
    private readonly cacheSize: number,
  ) {
    this.filePath = file.path;
    this.fileVersion = file.header.version;
    this.fileSize = file.size;
  }

  readBody(row: BodyIndexRow, block: BlockRow | undefined): BodyReadResult {
    try {
      if (this.closed) return { ok: false, error: fail('BAD_REQUEST', `the archive ${this.filePath} is closed`) };
      const bounds = checkRowBounds(row, block, {
        path: this.filePath,
        version: this.fileVersion,
        headerLen: this.file.header.headerLen,
        fileSize: this.fileSize,
        committedEnd: this.file.committedEnd,
      });
      if (bounds || !block || row.bodyOffset === null) return { ok: false, error: bounds ?? fail('INTERNAL', 'row bounds passed without a block') };
      const end = row.bodyOffset + row.bodyLen;
      const cursor = this.cursorFor(block);
      const stop = cursor.ensure(end);
      if (stop) return { ok: false, error: fail(stop.code, `${describeRow(row)} cannot be read: ${stop.message}`) };
      const bytes = cursor.raw.slice(row.bodyOffset, end);
      if (blake3Tagged(bytes) !== row.bodyHash.toLowerCase()) {
        return {
          ok: false,
          error: fail('BODY_HASH_MISMATCH', `${describeRow(row)} at raw offset ${row.bodyOffset} of block at offset ${block.blockOffset} in ${this.filePath}: the body read there does not match the row that named it (${row.bodyHash})`),
        };
      }
      return { ok: true, bytes };
    } catch (e) {
      return { ok: false, error: toFailure(e) };
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    // Deterministic: native zstd contexts go back to the pool now, not when a finalizer eventually runs.
    for (const cursor of this.cursors.values()) cursor.release();
    this.cursors.clear();
    fs.closeSync(this.file.fd);
  }

  /** A cursor is reusable only for the same (block_offset, disk_len, raw_len) (spec §3.7). */
  private cursorFor(block: BlockRow): BlockCursor {
    const key = `${block.blockOffset}:${block.diskLen}:${block.rawLen}`;
    const hit = this.cursors.get(key);
    if (hit) {
      this.cursors.delete(key);
      this.cursors.set(key, hit);
      return hit;
    }
    const made = this.makeCursor(block);
    this.cursors.set(key, made);
    while (this.cursors.size > this.cacheSize) {
      const oldest = this.cursors.keys().next().value;
      if (oldest === undefined) break;
      this.cursors.get(oldest)?.release();
      this.cursors.delete(oldest);
    }
    return made;
  }

  private makeCursor(block: BlockRow): BlockCursor {
    const where = `block at offset ${block.blockOffset} of ${this.filePath}`;
    const len = block.diskLen + (this.fileVersion === 1 ? BLOCK_HEADER_LEN_V1 : 0);
    // Never read past the end of the file, whatever the row claims (bounded by MAX_BLOCK_DISK_BYTES anyway).
    const bytes = readAt(this.file.fd, block.blockOffset, Math.max(0, Math.min(len, this.fileSize - block.blockOffset)));
    if (this.fileVersion === 1) {
      if (bytes.length < len) return failedCursor(fail('TRUNCATED_BLOCK', `${where}: the file ends ${len - bytes.length} bytes before the end of the block`));
      const v1 = decodeV1Block(bytes, block, this.filePath);
      return v1.ok ? verifiedCursor(v1.raw) : failedCursor(v1.failure);
    }
    const walked = walkBlock(bytes, len, block.blockOffset, block.rawLen, this.filePath);
    if (!walked.ok) return failedCursor(walked.failure);
    switch (walked.layout.codec) {
      case 'deflate':
        return new DeflateBlockCursor(walked.layout, where);
      case 'zstd':
        return new ZstdBlockCursor(walked.layout, block.rawLen, where, this.createDecoder);
    }
  }
}

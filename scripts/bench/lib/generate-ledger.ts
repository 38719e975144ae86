// Writes a large A2 session ledger (session.db + single-file session.bodies, zstd blocks of about 1 MiB made
// of flushed segments, as the confined writer makes them) without holding the archive in memory. Alongside,
// it writes what the native pipeline reads: the blocks' zstd frames back to back, and the raw bytes.
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { blockHeaderV2, CODEC_ZSTD, fileHeaderV1V2, segmentHeader } from '../../../test/fixtures/writer/archive-layout.js';
import { blake3Raw, blake3Ready, blake3Tagged } from '../../../test/fixtures/writer/blake3.js';
import { createSchema, schemaFor } from '../../../test/fixtures/writer/schema-generations.js';
import { ZstdSegmentCompressor } from '../../../test/fixtures/writer/segment-compressors.js';
import { BenchPrng, benchBody } from './body-text.js';

export interface GenerateOptions {
  readonly dir: string;
  /** Raw body bytes to write (at least). */
  readonly totalBytes: number;
  readonly blockBytes?: number;
  readonly segmentBytes?: number;
  readonly seed?: number;
  /** Also write frames.zst and raw.bin for the native pipeline. */
  readonly nativeFiles?: boolean;
}

export interface GeneratedLedger {
  readonly sessionDir: string;
  readonly bodies: number;
  readonly blocks: number;
  readonly rawBytes: number;
  readonly archiveBytes: number;
  readonly framesPath: string | null;
  readonly rawPath: string | null;
}

const SEALED_AT = '2026-03-02T14:50:40.000000Z';

export async function generateLedger(opts: GenerateOptions): Promise<GeneratedLedger> {
  await blake3Ready();
  const blockBytes = opts.blockBytes ?? 1024 * 1024;
  const segmentBytes = opts.segmentBytes ?? 256 * 1024;
  const sessionDir = join(opts.dir, 'bench-session');
  rmSync(sessionDir, { recursive: true, force: true });
  mkdirSync(sessionDir, { recursive: true });
  const db = new Database(join(sessionDir, 'session.db'));
  db.pragma('journal_mode = DELETE');
  createSchema(db, schemaFor('A2'));
  const insertBody = db.prepare(
    'INSERT INTO event_body_blobs (event_id, event_type, source_table, direction, content_type, original_bytes, ' +
      'stored_bytes, truncated, body_hash, block_offset, body_offset, body_len, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)',
  );
  const insertBlock = db.prepare('INSERT INTO body_blocks (block_offset, raw_len, disk_len, sealed_at) VALUES (?, ?, ?, ?)');
  const archive = openSync(join(sessionDir, 'session.bodies'), 'w');
  const frames = opts.nativeFiles ? openSync(join(opts.dir, 'frames.zst'), 'w') : null;
  const raw = opts.nativeFiles ? openSync(join(opts.dir, 'raw.bin'), 'w') : null;
  const p = new BenchPrng(opts.seed ?? 7);
  let at = 0;
  const write = (bytes: Uint8Array): void => {
    writeSync(archive, bytes);
    at += bytes.length;
  };
  write(fileHeaderV1V2(2));
  let rawTotal = 0;
  let bodies = 0;
  let blocks = 0;
  const begin = db.transaction((fn: () => void) => fn());
  while (rawTotal < opts.totalBytes) {
    const blockOffset = at;
    const compressor = new ZstdSegmentCompressor(3);
    write(blockHeaderV2(CODEC_ZSTD));
    let blockRaw = 0;
    const rows: unknown[][] = [];
    while (blockRaw < blockBytes) {
      const parts: Uint8Array[] = [];
      let segRaw = 0;
      while (segRaw < segmentBytes && blockRaw + segRaw < blockBytes) {
        const body = benchBody(p, bodies, p.int(2 * 1024, 48 * 1024));
        const eventId = (bodies + 1).toString(16).padStart(12, '0');
        rows.push([
          eventId,
          'http.request',
          'net_events',
          bodies % 2 ? 'response' : 'request',
          'application/json',
          body.length,
          body.length,
          blake3Tagged(body),
          blockOffset,
          blockRaw + segRaw,
          body.length,
          SEALED_AT,
        ]);
        parts.push(body);
        segRaw += body.length;
        bodies += 1;
      }
      const segment = Buffer.concat(parts);
      const final = blockRaw + segRaw >= blockBytes;
      const comp = compressor.segment(segment, final);
      write(segmentHeader({ final, rawStart: blockRaw, rawLen: segment.length, compLen: comp.length, rawHash: blake3Raw(segment) }));
      write(comp);
      if (frames !== null) writeSync(frames, comp);
      if (raw !== null) writeSync(raw, segment);
      blockRaw += segment.length;
    }
    const diskLen = at - blockOffset;
    begin(() => {
      insertBlock.run(blockOffset, blockRaw, diskLen, SEALED_AT);
      for (const r of rows) insertBody.run(...r);
    });
    rawTotal += blockRaw;
    blocks += 1;
  }
  closeSync(archive);
  if (frames !== null) closeSync(frames);
  if (raw !== null) closeSync(raw);
  db.close();
  return {
    sessionDir,
    bodies,
    blocks,
    rawBytes: rawTotal,
    archiveBytes: at,
    framesPath: opts.nativeFiles ? join(opts.dir, 'frames.zst') : null,
    rawPath: opts.nativeFiles ? join(opts.dir, 'raw.bin') : null,
  };
}

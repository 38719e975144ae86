// Test helpers: write an encoded archive to a temp folder, turn encoder output into index rows, read everything.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ArchiveState, BlockRow, BodyIndexRow, BodyKey } from '../../../../src/shared/ledger-types.js';
import type { EncodedArchive, EncodedBody } from '../../../fixtures/writer/archive-plan.js';
import { openArchive } from '../../../../src/main/core/archive/open-archive.js';
import type { BodyCheckResult, BodyReadResult, OpenedArchive, ZstdBackendChoice } from '../../../../src/main/core/archive/types.js';

export const keyString = (k: BodyKey): string => `${k.eventId}/${k.sourceTable}/${k.direction}`;

const made: string[] = [];
process.on('exit', () => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

/** A fresh temp folder, removed when the test process exits. */
export function tempDir(prefix = 'archive-test-'): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(d);
  return d;
}

export function rowOf(b: EncodedBody, id: number): BodyIndexRow {
  return {
    id,
    eventId: b.key.eventId,
    sourceTable: b.key.sourceTable,
    direction: b.key.direction,
    eventType: null,
    contentType: null,
    originalBytes: b.bodyLen,
    storedBytes: b.bodyLen,
    truncated: false,
    bodyHash: b.bodyHash,
    blockOffset: b.blockOffset,
    bodyOffset: b.bodyOffset,
    bodyLen: b.bodyLen,
    traceId: null,
    turnId: null,
    createdAt: null,
  };
}

export interface ArchiveOnDisk {
  readonly dir: string;
  /** What to pass as the location. */
  readonly location: { kind: 'file' | 'directory'; path: string };
  /** The file holding the bytes. */
  readonly filePath: string;
  readonly state: ArchiveState | null;
  readonly rows: BodyIndexRow[];
  readonly blocks: Map<number, BlockRow>;
  readonly expected: Map<string, Uint8Array>;
}

/** Writes `bytes` (default: the encoded archive's) as a v1/v2 file or a v3 generation directory. */
export function writeArchive(enc: EncodedArchive, bytes: Uint8Array = enc.bytes, dir = tempDir()): ArchiveOnDisk {
  let location: ArchiveOnDisk['location'];
  let filePath: string;
  let state: ArchiveState | null = null;
  if (enc.version === 3 && enc.fileName && enc.archiveId && enc.generationId) {
    const bodiesDir = path.join(dir, 'session.bodies');
    fs.mkdirSync(bodiesDir, { mode: 0o700 });
    filePath = path.join(bodiesDir, enc.fileName);
    location = { kind: 'directory', path: bodiesDir };
    state = { archiveId: enc.archiveId, generationId: enc.generationId, formatVersion: 4, committedEnd: enc.committedEnd, revision: 1 };
  } else {
    filePath = path.join(dir, 'session.bodies');
    location = { kind: 'file', path: filePath };
  }
  fs.writeFileSync(filePath, bytes, { mode: 0o600 });
  const rows = enc.bodies.map((b, i) => rowOf(b, i + 1));
  const blocks = new Map<number, BlockRow>(
    enc.blocks.map((b) => [b.blockOffset, { blockOffset: b.blockOffset, rawLen: b.rawLen, diskLen: b.diskLen, sealedAt: b.sealedAt }]),
  );
  const expected = new Map(enc.bodies.map((b) => [keyString(b.key), b.bytes]));
  return { dir, location, filePath, state, rows, blocks, expected };
}

export async function open(
  disk: ArchiveOnDisk,
  version: 1 | 2 | 3,
  zstdBackend: ZstdBackendChoice = 'auto',
  cursorCacheSize?: number,
): Promise<OpenedArchive> {
  const res = await openArchive({
    location: disk.location,
    archiveState: disk.state,
    expectedVersion: version,
    zstdBackend,
    cursorCacheSize,
  });
  if (!res.ok) throw new Error(`open failed: ${res.error.code} ${res.error.message}`);
  return res.archive;
}

/** Reads every row in (block_offset, body_offset) order; returns key → result. */
export function readAll(
  archive: OpenedArchive,
  disk: ArchiveOnDisk,
  rows: readonly BodyIndexRow[] = disk.rows,
): Map<string, BodyReadResult> {
  const sorted = [...rows].sort(
    (a, b) => (a.blockOffset ?? 0) - (b.blockOffset ?? 0) || (a.bodyOffset ?? 0) - (b.bodyOffset ?? 0) || a.id - b.id,
  );
  const out = new Map<string, BodyReadResult>();
  for (const r of sorted) out.set(keyString(r), archive.readBody(r, r.blockOffset === null ? undefined : disk.blocks.get(r.blockOffset)));
  return out;
}

/**
 * Every row checked through checkBodies, block by block in (body_offset, id) order and in batches of up to 7 rows
 * (so batches split blocks): key → 'ok' | code. Rows naming no recorded block go through checkBody.
 */
export function checkAllInBatches(archive: OpenedArchive, disk: ArchiveOnDisk): Map<string, string> {
  const sorted = [...disk.rows].sort(
    (a, b) => (a.blockOffset ?? 0) - (b.blockOffset ?? 0) || (a.bodyOffset ?? 0) - (b.bodyOffset ?? 0) || a.id - b.id,
  );
  const out = new Map<string, string>();
  const verdict = (r: BodyIndexRow, c: BodyCheckResult): void => void out.set(keyString(r), c.ok ? 'ok' : c.error.code);
  for (let i = 0; i < sorted.length; ) {
    const block = sorted[i]!.blockOffset === null ? undefined : disk.blocks.get(sorted[i]!.blockOffset!);
    let j = i + 1;
    while (j < sorted.length && j - i < 7 && sorted[j]!.blockOffset === sorted[i]!.blockOffset) j++;
    const batch = sorted.slice(i, j);
    if (!block) batch.forEach((r) => verdict(r, archive.checkBody!(r, block)));
    else {
      const results: BodyCheckResult[] = [];
      archive.checkBodies!(batch, block, results);
      batch.forEach((r, k) => verdict(r, results[k]!));
    }
    i = j;
  }
  return out;
}

/** Summarises results as key → 'ok' | code, and checks ok bytes against the expected bytes. */
export function summarise(results: Map<string, BodyReadResult>, expected: Map<string, Uint8Array>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, r] of results) {
    if (r.ok) {
      const want = expected.get(k);
      out.set(k, want && Buffer.from(want).equals(Buffer.from(r.bytes)) ? 'ok' : 'WRONG-BYTES');
    } else out.set(k, r.error.code);
  }
  return out;
}

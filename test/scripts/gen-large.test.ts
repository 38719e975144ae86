// The scale generator at a tiny size: the ledger it writes is a well-formed A2 ledger (every body reads back
// through an independent reader and verifies), its rows land where issue 9 says, and the inspector opens it.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLargeLedger } from '../../scripts/gen-large/generate.js';
import type { LargeLedgerSummary } from '../../scripts/gen-large/generate.js';
import { EVENT_TABLES } from '../../scripts/gen-large/tables.js';
import { miniRead } from '../fixtures/writer/mini-reader.js';
import type { BlockRow, BodyIndexRow } from '../../src/shared/ledger-types.js';
import { openEvidence } from '../../src/main/core/evidence/open-evidence.js';

const MiB = 1024 * 1024;
let dir: string;
let s: LargeLedgerSummary;
let db: Database.Database;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gen-large-test-'));
  s = await generateLargeLedger({ dir, events: 4000, bodyBytes: 3 * MiB, seed: 7, bigTraceCalls: 20 });
  db = new Database(s.dbPath, { readonly: true });
});
afterAll(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = (sql: string, ...p: unknown[]): number =>
  db
    .prepare(sql)
    .pluck()
    .get(...p) as number;

describe('gen-large at a tiny size', () => {
  it('writes the event budget across every telemetry table, and the body budget', () => {
    expect(s.events).toBeGreaterThanOrEqual(4000);
    expect(s.events).toBeLessThan(4300);
    expect(EVENT_TABLES.reduce((n, t) => n + count(`SELECT COUNT(*) FROM ${t}`), 0)).toBe(s.events);
    for (const t of EVENT_TABLES) expect(count(`SELECT COUNT(*) FROM ${t}`), t).toBeGreaterThan(0);
    expect(count("SELECT COUNT(*) FROM fs_events WHERE action = 'overflow' AND path = ''")).toBeGreaterThan(0);
    expect(s.rawBytes).toBeGreaterThan(2.7 * MiB);
    expect(s.rawBytes).toBeLessThan(3.6 * MiB);
    expect(count('SELECT TOTAL(raw_len) FROM body_blocks')).toBe(s.rawBytes);
  });

  it('holds the identity-graph trace: one trace with the asked model calls and four tool calls each', () => {
    expect(s.bigTrace).not.toBeNull();
    const trace = s.bigTrace!.traceId;
    expect(count('SELECT COUNT(*) FROM model_calls WHERE trace_id = ?', trace)).toBe(20);
    expect(count('SELECT COUNT(*) FROM tool_calls WHERE trace_id = ?', trace)).toBe(80);
  });

  it('leaves a plain rollback-journal database with its indexes and no sidecars', () => {
    expect(db.pragma('journal_mode', { simple: true })).toBe('delete');
    for (const f of ['-wal', '-shm', '-journal']) expect(existsSync(`${s.dbPath}${f}`)).toBe(false);
    expect(count("SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name = 'idx_event_body_blobs_block'")).toBe(1);
    expect(count("SELECT COUNT(*) FROM sqlite_master WHERE name = 'archive_state'")).toBe(0);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('writes index rows in archive order, blocks back to back to the end of the file, both codecs', () => {
    // Walking rows by id, each names either new bytes further on in the file or a span an earlier row named (shared span).
    const spans = db.prepare('SELECT block_offset AS b, body_offset AS o, body_len AS len FROM event_body_blobs ORDER BY id').all() as {
      b: number;
      o: number;
      len: number;
    }[];
    const seen = new Set<string>();
    let last = { b: 0, o: -1 };
    let outOfOrder = 0;
    for (const r of spans) {
      const key = `${r.b}:${r.o}:${r.len}`;
      const further = r.b > last.b || (r.b === last.b && r.o > last.o);
      if (further) last = { b: r.b, o: r.o };
      else if (!seen.has(key)) outOfOrder += 1;
      seen.add(key);
    }
    expect(outOfOrder).toBe(0);
    expect(seen.size).toBe(s.uniqueBodies);
    const blocks = db.prepare('SELECT block_offset AS o, disk_len AS d FROM body_blocks ORDER BY block_offset').all() as {
      o: number;
      d: number;
    }[];
    expect(blocks[0]!.o).toBe(16);
    for (let i = 1; i < blocks.length; i++) expect(blocks[i]!.o).toBe(blocks[i - 1]!.o + blocks[i - 1]!.d);
    expect(blocks.at(-1)!.o + blocks.at(-1)!.d).toBe(statSync(s.bodiesPath).size);
    expect(s.deflateBlocks).toBeGreaterThan(0);
    expect(s.deflateBlocks).toBeLessThan(s.blocks);
    expect(count('SELECT COUNT(*) FROM event_body_blobs WHERE block_offset NOT IN (SELECT block_offset FROM body_blocks)')).toBe(0);
  });

  it('every body reads back and matches its body_hash (independent reader)', () => {
    const blocks = new Map(
      (
        db
          .prepare('SELECT block_offset AS blockOffset, raw_len AS rawLen, disk_len AS diskLen, sealed_at AS sealedAt FROM body_blocks')
          .all() as BlockRow[]
      ).map((b) => [b.blockOffset, b]),
    );
    const rows = db
      .prepare(
        `SELECT id, event_id AS eventId, source_table AS sourceTable, direction, body_hash AS bodyHash, block_offset AS blockOffset,
      body_offset AS bodyOffset, body_len AS bodyLen, stored_bytes AS storedBytes, original_bytes AS originalBytes FROM event_body_blobs`,
      )
      .all() as BodyIndexRow[];
    let bad = 0;
    // The mini reader reads the whole file per body: check an even sample (first and last included).
    const step = Math.max(1, Math.floor(rows.length / 250));
    for (const r of rows.filter((_, i) => i % step === 0 || i === rows.length - 1)) {
      const got = miniRead(s.bodiesPath, 2, r, blocks.get(r.blockOffset!));
      if (!got.ok) bad += 1;
    }
    expect(rows.length).toBe(s.indexRows);
    expect(bad).toBe(0);
    expect(count('SELECT COUNT(*) FROM event_body_blobs WHERE truncated = 1 AND original_bytes > stored_bytes')).toBe(
      count('SELECT COUNT(*) FROM event_body_blobs WHERE truncated = 1'),
    );
  });

  it('opens in the inspector as an A2 ledger', async () => {
    const opened = await openEvidence([s.sessionDir], { hashArchive: false });
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    try {
      expect(opened.value.generation).toBe('A2');
      expect(opened.value.archive.state).toBe('open');
    } finally {
      opened.value.close();
    }
  });

  it('is deterministic for a seed', async () => {
    const again = await generateLargeLedger({ dir: join(dir, 'again'), events: 4000, bodyBytes: 3 * MiB, seed: 7, bigTraceCalls: 20 });
    expect(again.rawBytes).toBe(s.rawBytes);
    expect(again.archiveBytes).toBe(s.archiveBytes);
    expect(again.rowCounts).toEqual(s.rowCounts);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import type { OpenEvidenceDeps } from '../../../../src/main/core/evidence/open-evidence.js';
import { HARDENING_PRAGMAS, openHardened } from '../../../../src/main/core/evidence/open-hardened.js';
import { snapshotSqlite } from '../../../../src/main/core/evidence/snapshot.js';
import { liveScratchDirs } from '../../../../src/main/core/evidence/scratch.js';
import type { ArchiveOpenOptions, ArchiveOpenResult } from '../../../../src/main/core/archive/types.js';
import type { SmallGeneration } from './helpers.js';
import { buildSmallLedger, buildWalOnlyEvidence, removeDir, tempDir } from './helpers.js';

let dir: string;
beforeEach(() => {
  dir = tempDir('open-');
});
afterEach(() => removeDir(dir));

const UPSTREAM = '/work/shared/fixtures/upstream/test.db';
const noArchive: OpenEvidenceDeps = {
  openArchive: async (): Promise<ArchiveOpenResult> => ({ ok: false, error: { code: 'INTERNAL', message: 'not expected' } }),
};

async function open(paths: string[], deps: OpenEvidenceDeps = noArchive) {
  return openEvidence(paths, {}, deps);
}

describe('openHardened', () => {
  it('reads every hardening pragma back on a scratch copy', async () => {
    buildSmallLedger(join(dir, 'session.db'), 'L0').close();
    const snap = await snapshotSqlite(join(dir, 'session.db'));
    if (!snap.ok) throw new Error(snap.error.message);
    const db = openHardened(snap.value.dbCopyPath);
    const values = Object.fromEntries(HARDENING_PRAGMAS.map(([name]) => [name, db.pragma(name, { simple: true })]));
    expect(values).toEqual({ trusted_schema: 0, cell_size_check: 1, query_only: 1, mmap_size: 0 });
    expect(db.readonly).toBe(true);
    expect(() => db.prepare("INSERT INTO net_events (domain) VALUES ('x')").run()).toThrow();
    db.close();
    snap.value.dispose();
  });

  it('refuses to open a path that is not a scratch copy', () => {
    buildSmallLedger(join(dir, 'session.db'), 'L0').close();
    expect(() => openHardened(join(dir, 'session.db'))).toThrow(/not a scratch copy/);
  });
});

describe('openEvidence: generations', () => {
  it('opens the real upstream test.db as L0 with its row counts', async () => {
    copyFileSync(UPSTREAM, join(dir, 'test.db'));
    const r = await open([join(dir, 'test.db')]);
    if (!r.ok) throw new Error(r.error.message);
    const ev = r.value;
    expect(ev.generation).toBe('L0');
    expect(ev.archive).toEqual({ state: 'none' });
    expect(ev.sessionId).toBe(dir.split('/').pop());
    expect(ev.hashes.db!.sha256).toBe('dcab7e09447a197366cbe3c050cc3ac0be1d91c134f1fe7eee56be02c17c869f');
    expect(ev.hashes.db!.size).toBe(344064);
    const count = (t: string) => (ev.db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n;
    expect({
      net: count('net_events'),
      model: count('model_calls'),
      tool: count('tool_calls'),
      resp: count('tool_responses'),
      mcp: count('mcp_calls'),
      fs: count('fs_events'),
      snap: count('snapshot_events'),
    }).toEqual({ net: 7, model: 4, tool: 1, resp: 1, mcp: 21, fs: 20, snap: 5 });
    expect([...ev.tables.keys()].sort()).toEqual([
      'fs_events',
      'mcp_calls',
      'model_calls',
      'net_events',
      'snapshot_events',
      'sqlite_sequence',
      'tool_calls',
      'tool_responses',
    ]);
    expect(ev.notes).toEqual([]);
    ev.close();
    expect(liveScratchDirs()).not.toContain(ev.snapshot.scratchDir);
  });

  it.each([
    ['A1', 1],
    ['A2', 2],
    ['A3', 3],
    ['A4', 3],
  ] as const)('detects %s and asks the archive reader for file version %d', async (generation, version) => {
    const db = buildSmallLedger(join(dir, 'session.db'), generation as SmallGeneration);
    db.close();
    if (generation === 'A3' || generation === 'A4') mkdirSync(join(dir, 'session.bodies'));
    else writeFileSync(join(dir, 'session.bodies'), 'archive bytes');
    if (generation === 'A3' || generation === 'A4')
      writeFileSync(join(dir, 'session.bodies', 'g-2021222324254627a8292a2b2c2d2e2f.cbl'), 'gen');
    const seen: ArchiveOpenOptions[] = [];
    const r = await open([dir], {
      openArchive: async (o) => {
        seen.push(o);
        return { ok: false, error: { code: 'BAD_FILE_HEADER', message: 'fake reader refuses' } };
      },
    });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.generation).toBe(generation);
    expect(seen[0]?.expectedVersion).toBe(version);
    expect(seen[0]?.location.kind).toBe(generation === 'A3' || generation === 'A4' ? 'directory' : 'file');
    expect(r.value.archive).toEqual({ state: 'failed', error: { code: 'BAD_FILE_HEADER', message: 'fake reader refuses' } });
    if (generation === 'A3' || generation === 'A4') {
      expect(r.value.archiveState?.committedEnd).toBe(80);
      expect(r.value.archiveState?.formatVersion).toBe(generation === 'A3' ? 3 : 4);
    } else expect(r.value.archiveState).toBeNull();
    r.value.close();
  });

  it('refuses archive_state format version 5 as UNSUPPORTED_GENERATION', async () => {
    buildSmallLedger(join(dir, 'session.db'), 'A4', { formatVersion: 5 }).close();
    const r = await open([dir]);
    expect(r.ok ? null : r.error).toEqual({
      code: 'UNSUPPORTED_GENERATION',
      message: 'archive_state format version 5 is unsupported; expected 3 or 4',
    });
  });

  it('refuses an archive_state with two rows or a non-UUIDv4 id', async () => {
    const db = buildSmallLedger(join(dir, 'session.db'), 'A4');
    db.prepare('INSERT INTO archive_state VALUES (2, ?, ?, 4, 80, 1)').run(Buffer.alloc(16), Buffer.alloc(16));
    db.close();
    const two = await open([dir]);
    expect(two.ok ? null : two.error).toEqual({
      code: 'SCHEMA_UNEXPECTED',
      message: 'archive_state must contain exactly one row, found 2',
    });

    const other = tempDir('open-uuid-');
    const db2 = buildSmallLedger(join(other, 'session.db'), 'A4');
    db2.prepare('UPDATE archive_state SET generation_id = ?').run(Buffer.alloc(16, 0xff));
    db2.close();
    const bad = await open([other]);
    expect(bad.ok ? null : bad.error.message).toBe('archive_state.generation_id is not a 16-byte RFC 4122 UUIDv4');
    removeDir(other);
  });

  it('refuses an A4 missing a required table or column with the product wording', async () => {
    const db = buildSmallLedger(join(dir, 'session.db'), 'A4');
    db.exec('DROP TABLE ledger_counters');
    db.close();
    const table = await open([dir]);
    expect(table.ok ? null : table.error).toEqual({
      code: 'SCHEMA_UNEXPECTED',
      message: 'session db missing required table main.ledger_counters',
    });

    const other = tempDir('open-col-');
    const db2 = buildSmallLedger(join(other, 'session.db'), 'A4');
    db2.exec('ALTER TABLE event_body_blobs DROP COLUMN created_at');
    db2.close();
    const column = await open([other]);
    expect(column.ok ? null : column.error).toEqual({
      code: 'SCHEMA_UNEXPECTED',
      message: 'session db table main.event_body_blobs missing required column created_at',
    });
    removeDir(other);
  });

  it('never queries a ledger table that is a VIEW, and notes views and triggers', async () => {
    const db = buildSmallLedger(join(dir, 'session.db'), 'L0');
    db.exec('CREATE TABLE raw_model (id INTEGER PRIMARY KEY, x TEXT)');
    db.exec('CREATE VIEW model_calls AS SELECT id, x FROM raw_model');
    db.exec("CREATE TRIGGER t_after AFTER INSERT ON net_events BEGIN UPDATE raw_model SET x = 'y'; END");
    db.close();
    const r = await open([dir]);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.tables.has('model_calls')).toBe(false);
    const messages = r.value.notes.map((n) => `${n.code}: ${n.message.slice(n.message.indexOf(': ') + 2)}`);
    expect(messages).toContain('SCHEMA_UNEXPECTED: ledger table name model_calls is a VIEW; views are never queried');
    expect(messages.some((m) => m.includes('trigger t_after on net_events'))).toBe(true);
    expect(messages.some((m) => m.includes('table raw_model is not a known ledger table'))).toBe(true);
    r.value.close();

    const other = tempDir('open-view-');
    const db2 = buildSmallLedger(join(other, 'session.db'), 'A2');
    db2.exec('ALTER TABLE body_blocks RENAME TO hidden_blocks');
    db2.exec('CREATE VIEW body_blocks AS SELECT * FROM hidden_blocks');
    db2.close();
    const structural = await open([other]);
    expect(structural.ok ? null : structural.error.code).toBe('SCHEMA_UNEXPECTED');
    expect(structural.ok ? '' : structural.error.message).toContain('main.body_blocks is a view');
    removeDir(other);
  });

  it('refuses an SQLite file with no ledger tables as NOT_A_LEDGER naming the file', async () => {
    const db = new Database(join(dir, 'session.db'));
    db.exec('CREATE TABLE recipes (id INTEGER PRIMARY KEY)');
    db.close();
    const r = await open([dir]);
    expect(r.ok ? null : r.error).toEqual({
      code: 'NOT_A_LEDGER',
      message: `${join(dir, 'session.db')} has no Capsem ledger tables (tables: recipes)`,
    });
    expect(liveScratchDirs()).toEqual([]);
  });

  it('refuses a damaged page with DB_CORRUPT', async () => {
    const db = buildSmallLedger(join(dir, 'session.db'), 'L0');
    const insert = db.prepare('INSERT INTO net_events (event_id, domain) VALUES (?, ?)');
    for (let i = 0; i < 400; i++) insert.run('cccccccccccc', `host-${i}.example`.repeat(5));
    db.close();
    const file = join(dir, 'session.db');
    const bytes = (await import('node:fs')).readFileSync(file);
    // Page 3 onward holds net_events b-tree pages; scribble over a page header.
    bytes.fill(0xff, 4096 * 2, 4096 * 2 + 64);
    writeFileSync(file, bytes);
    const r = await open([dir]);
    expect(r.ok ? null : r.error.code).toBe('DB_CORRUPT');
    expect(r.ok ? '' : r.error.message).toContain(file);
  });
});

describe('openEvidence: archive presence', () => {
  it('a session.db given alone with recorded bodies reads as BODIES_UNAVAILABLE; a folder as ARCHIVE_MISSING', async () => {
    const db = buildSmallLedger(join(dir, 'session.db'), 'A2');
    db.prepare("INSERT INTO body_blocks VALUES (16, 10, 30, '2026-01-01T00:00:00.000000Z')").run();
    db.close();
    const alone = await open([join(dir, 'session.db')]);
    if (!alone.ok) throw new Error(alone.error.message);
    expect(alone.value.archive.state === 'failed' && alone.value.archive.error.code).toBe('BODIES_UNAVAILABLE');
    alone.value.close();
    const folder = await open([dir]);
    if (!folder.ok) throw new Error(folder.error.message);
    expect(folder.value.archive.state === 'failed' && folder.value.archive.error.code).toBe('ARCHIVE_MISSING');
    expect(folder.value.blocks.get(16)).toEqual({ blockOffset: 16, rawLen: 10, diskLen: 30, sealedAt: '2026-01-01T00:00:00.000000Z' });
    folder.value.close();
  });

  it('an A4 whose selected generation file is absent fails the archive, not the ledger', async () => {
    const db = buildSmallLedger(join(dir, 'session.db'), 'A4');
    db.prepare("INSERT INTO body_blocks VALUES (80, 10, 30, '2026-01-01T00:00:00.000000Z')").run();
    db.close();
    mkdirSync(join(dir, 'session.bodies'));
    const r = await open([dir]);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.archive.state === 'failed' && r.value.archive.error.code).toBe('ARCHIVE_MISSING');
    expect(r.value.archive.state === 'failed' && r.value.archive.error.message).toContain('g-2021222324254627a8292a2b2c2d2e2f.cbl');
    r.value.close();
  });
});

describe('openEvidence: WAL', () => {
  it('shows rows that exist only in the -wal (no -shm given)', async () => {
    const { dir: evidence, cleanup } = buildWalOnlyEvidence();
    const r = await open([evidence]);
    if (!r.ok) throw new Error(r.error.message);
    const domains = r.value.db.prepare('SELECT domain FROM net_events ORDER BY id').pluck().all();
    expect(domains).toEqual(['in-db.example', 'only-in-wal.example']);
    expect(r.value.snapshot.sources.map((s) => s.path.slice(evidence.length))).toEqual(['/session.db', '/session.db-wal']);
    r.value.close();
    cleanup();
  });
});

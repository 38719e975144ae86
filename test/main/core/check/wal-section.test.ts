// The -wal in the report (issue 23): rows that exist only in it are counted per table (the scratch copy read with
// and without its -wal, never the evidence), and a -wal SQLite will not replay is named with its size, cheaply.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync, readFileSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../../../src/cli/commands/check.js';
import { captureIo } from '../../../../src/cli/io.js';
import { readWalFacts } from '../../../../src/main/core/evidence/wal-frames.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import { pictureOf } from '../evidence/helpers.js';

const root = mkdtempSync(join(tmpdir(), 'wal-section-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function checkJson(dir: string): Promise<
  Record<string, unknown> & {
    wal: {
      bytes: number;
      committedFrames: number;
      problem: string | null;
      rowsOnlyInWal: Record<string, number>;
      firstRowidOnlyInWal: Record<string, number>;
    } | null;
    findings: { code: string; message: string }[];
  }
> {
  const io = captureIo();
  await run([dir, '--json', '--no-verify-bodies'], io);
  return JSON.parse(io.out);
}

describe('the -wal in the report', () => {
  it('counts per table the rows that exist only in the -wal, leaving the evidence as it was', async () => {
    const w = await writeLedger(join(root, 'wal'), { generation: 'A4', wal: true });
    const before = pictureOf(w.sessionDir);
    const j = await checkJson(w.sessionDir);
    expect(pictureOf(w.sessionDir)).toEqual(before);
    expect(j.wal!.committedFrames).toBeGreaterThan(0);
    expect(j.wal!.problem).toBeNull();
    const only = j.wal!.rowsOnlyInWal;
    expect(Object.keys(only).length).toBeGreaterThan(0);
    // The writer kept 60% of each table's rows in session.db: the rest live only in the -wal.
    for (const [table, n] of Object.entries(only)) expect(n).toBeLessThanOrEqual((j.tables as Record<string, number>)[table]!);
    const note = j.findings.find((f) => f.code === 'WAL_ONLY_ROWS')!;
    expect(note.message).toMatch(/^\d+ rows exist only in session.db-wal \(committed, never checkpointed into session.db\): /);
    const text = captureIo();
    await run([w.sessionDir, '--no-verify-bodies'], text);
    expect(text.out).toContain('only in -wal');
  });

  it('names per table the first rowid only in the -wal: exactly the rows a copy without the -wal loses', async () => {
    const w = await writeLedger(join(root, 'wal-rows'), { generation: 'A4', wal: true });
    const j = await checkJson(w.sessionDir);
    const first = j.wal!.firstRowidOnlyInWal;
    expect(Object.keys(first).sort()).toEqual(Object.keys(j.wal!.rowsOnlyInWal).sort());
    // The test's own reading, on copies of its own: with the -wal, and session.db alone (set to rollback mode).
    const withDir = join(root, 'wal-rows-with');
    const aloneDir = join(root, 'wal-rows-alone');
    mkdirSync(withDir);
    mkdirSync(aloneDir);
    copyFileSync(join(w.sessionDir, 'session.db'), join(withDir, 'session.db'));
    copyFileSync(join(w.sessionDir, 'session.db-wal'), join(withDir, 'session.db-wal'));
    const alone = readFileSync(join(w.sessionDir, 'session.db'));
    alone[18] = 1;
    alone[19] = 1;
    writeFileSync(join(aloneDir, 'session.db'), alone);
    const withWal = new Database(join(withDir, 'session.db'));
    const without = new Database(join(aloneDir, 'session.db'), { readonly: true });
    try {
      for (const [table, from] of Object.entries(first)) {
        const ids = (db: Database.Database): number[] =>
          (db.prepare(`SELECT rowid AS r FROM "${table}" ORDER BY rowid`).all() as { r: number }[]).map((x) => x.r);
        const kept = new Set(ids(without));
        const lost = ids(withWal).filter((r) => !kept.has(r));
        expect(lost.length).toBe(j.wal!.rowsOnlyInWal[table]);
        expect(lost.every((r) => r >= from)).toBe(true);
        expect(ids(withWal).filter((r) => r >= from)).toEqual(lost);
      }
    } finally {
      withWal.close();
      without.close();
    }
  });

  it('an all-zero -wal: not replayed, named with its size, read no further than its header', async () => {
    const w = await writeLedger(join(root, 'zeros'), { generation: 'A4', wal: true });
    const wal = join(w.sessionDir, 'session.db-wal');
    writeFileSync(wal, Buffer.alloc(0));
    truncateSync(wal, 8 * 1024 * 1024);
    expect(readWalFacts(wal)).toEqual({
      bytes: 8 * 1024 * 1024,
      committedFrames: 0,
      framesPastCommit: 0,
      problem: expect.stringMatching(/^no valid frames: the header's magic is 0x00000000/),
    });
    const j = await checkJson(w.sessionDir);
    const f = j.findings.find((x) => x.code === 'WAL_NOT_REPLAYED')!;
    expect(f.message).toBe(`session.db-wal (${8 * 1024 * 1024} bytes) is not replayed by SQLite: ${j.wal!.problem}`);
    expect(j.wal!.rowsOnlyInWal).toEqual({});
  });

  it('a frame whose bytes changed ends what SQLite replays', async () => {
    const w = await writeLedger(join(root, 'torn'), { generation: 'A4', wal: true });
    const wal = join(w.sessionDir, 'session.db-wal');
    const facts = readWalFacts(wal);
    // Clear the commit mark of the last frame: its transaction never committed.
    const bytes = readFileSync(wal);
    const pageSize = bytes.readUInt32BE(8);
    const frames = (statSync(wal).size - 32) / (24 + pageSize);
    expect(Number.isInteger(frames) && frames === facts.committedFrames).toBe(true);
    const last = 32 + (frames - 1) * (24 + pageSize);
    bytes.writeUInt32BE(0, last + 4);
    writeFileSync(wal, bytes);
    // The frame's checksum covers its commit field too, so it now ends the valid frames: the one before is the last commit.
    const after = readWalFacts(wal);
    expect(after.committedFrames).toBeLessThan(frames);
  });
});

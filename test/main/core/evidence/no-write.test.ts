// EVI-1: opening and reading everything changes nothing in the evidence folder (names, sizes, SHA-256, mode,
// mtime, ctime), including a WAL database given with its -wal and no -shm, and a WAL-mode header with no sidecars.
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import { readBody } from '../../../../src/main/core/bodies/read-body.js';
import { iterateBodyRows } from '../../../../src/main/core/bodies/iterate-rows.js';
import { blake3Tag, buildWalOnlyEvidence, pictureOf, removeDir, tempDir } from './helpers.js';

async function openReadEverything(dir: string, opts: Parameters<typeof openEvidence>[1] = {}): Promise<number> {
  const r = await openEvidence([dir], opts);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  const ev = r.value;
  // A deferred open copies session.db in the kernel and proves it after: let that (and quick_check) finish too.
  await ev.followUp?.settled;
  if (opts.deferChecks) expect(ev.followUp?.copyProof().state).toBe('done');
  let bytes = 0;
  for (const table of ev.tables.keys()) ev.db.prepare(`SELECT * FROM "${table}"`).all();
  for (const row of iterateBodyRows(ev)) {
    const body = readBody(ev, row);
    if (!body.ok) throw new Error(body.error.message);
    bytes += body.bytes.length;
  }
  ev.close();
  return bytes;
}

describe('the evidence folder is never written', () => {
  it('WAL database with -wal and no -shm, bodies only in the -wal', async () => {
    const { dir, cleanup } = buildWalOnlyEvidence('L0');
    // Add a body row that lives only in the -wal: reopen a writer on a private copy, then bring its -wal back.
    const work = tempDir('wal-body-');
    copyFileSync(join(dir, 'session.db'), join(work, 'session.db'));
    copyFileSync(join(dir, 'session.db-wal'), join(work, 'session.db-wal'));
    const writer = new Database(join(work, 'session.db'));
    writer.pragma('wal_autocheckpoint = 0');
    const body = Buffer.from('body that exists only in the write-ahead log');
    writer
      .prepare(
        "INSERT INTO event_body_blobs (event_id, source_table, direction, body_hash, body) VALUES ('bbbbbbbbbbbb', 'net_events', 'response', ?, ?)",
      )
      .run(await blake3Tag(body), body);
    copyFileSync(join(work, 'session.db'), join(dir, 'session.db'));
    copyFileSync(join(work, 'session.db-wal'), join(dir, 'session.db-wal'));
    writer.close();
    removeDir(work);

    const before = pictureOf(dir);
    expect(Object.keys(before).sort()).toEqual(['.', 'session.db', 'session.db-wal']);
    expect(await openReadEverything(dir)).toBe(body.length);
    expect(pictureOf(dir)).toEqual(before);
    cleanup();
  });

  it('the same WAL evidence opened as the app opens a large ledger (kernel copy, proof after the open)', async () => {
    const { dir, cleanup } = buildWalOnlyEvidence('L0');
    const before = pictureOf(dir);
    await openReadEverything(dir, { deferChecks: true, deferAboveBytes: 0 });
    expect(pictureOf(dir)).toEqual(before);
    cleanup();
  });

  it('the upstream test.db (WAL header, no sidecars) opened twice', async () => {
    const dir = tempDir('upstream-');
    copyFileSync('/work/shared/fixtures/upstream/test.db', join(dir, 'session.db'));
    const before = pictureOf(dir);
    await openReadEverything(dir);
    await openReadEverything(join(dir, 'session.db'));
    expect(pictureOf(dir)).toEqual(before);
    removeDir(dir);
  });

  it('control: a plain read-only SQLite open of the same evidence does change it (the picture can fail)', () => {
    const { dir, cleanup } = buildWalOnlyEvidence('L0');
    const before = pictureOf(dir);
    const db = new Database(join(dir, 'session.db'), { readonly: true });
    db.prepare('SELECT count(*) FROM net_events').get();
    db.close();
    expect(pictureOf(dir)).not.toEqual(before);
    cleanup();
  });
});

import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeLedger, type WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import { hashEvidenceFile } from '../../../../src/main/core/evidence/hash-copy.js';
import { EvidenceRegistry } from '../../../../src/main/core/service/registry.js';
import { EventEmitter } from 'node:events';
import type { SpawnWorker, WorkerLike } from '../../../../src/main/core/workers/worker-like.js';
import { buildSmallLedger, removeDir, tempDir } from './helpers.js';

let root: string;
let ledger: WrittenLedger;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'follow-up-'));
  ledger = await writeLedger(join(root, 'ledger'), { generation: 'A4' });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('openEvidence with deferChecks', () => {
  it('returns before quick_check and the archive hash, then settles both; the archive hash equals a direct hash', async () => {
    const r = await openEvidence([ledger.sessionDir], { deferChecks: true, deferAboveBytes: 0 });
    if (!r.ok) throw new Error(r.error.message);
    const ev = r.value;
    try {
      const followUp = ev.followUp!;
      expect(followUp).toBeDefined();
      // Nothing of the follow-up can have finished before the open returned: quick_check runs in a worker that
      // starts after, and the archive hash waits one turn of the event loop.
      expect(followUp.quickCheck().state).toBe('pending');
      expect(followUp.archiveHash().state).toBe('pending');
      expect(ev.hashes.archive).toBeNull();
      await followUp.settled;
      expect(followUp.quickCheck()).toEqual({ state: 'done', value: 'ok' });
      const direct = await hashEvidenceFile(ledger.archiveFilePath);
      const part = followUp.archiveHash();
      expect(part.state === 'done' ? part.value : null).toEqual(direct);
      expect(ev.hashes.archive).toEqual(direct);
      const [counts] = await followUp.scan(['SELECT COUNT(*) FROM net_events']);
      expect(counts).toEqual([[ledger.rowCounts.net_events]]);
    } finally {
      ev.close();
    }
  });

  it('queues scans behind quick_check and rejects them with CANCELLED once closed', async () => {
    const r = await openEvidence([ledger.sessionDir], { deferChecks: true, deferAboveBytes: 0, hashArchive: false });
    if (!r.ok) throw new Error(r.error.message);
    const ev = r.value;
    expect(ev.followUp!.archiveHash()).toEqual({ state: 'skipped' });
    const early = ev.followUp!.scan(['SELECT 1']);
    ev.close();
    await expect(early).rejects.toMatchObject({ code: 'CANCELLED' });
    await expect(ev.followUp!.scan(['SELECT 1'])).rejects.toMatchObject({ code: 'CANCELLED' });
  });

  it('runs its workers where it is told, and finishes on this thread when they die', async () => {
    const asked: string[] = [];
    // A worker that dies at once, as a relayed worker does when serve's background host goes away.
    const dying: SpawnWorker = (_url, baseName) => {
      asked.push(baseName);
      const w = Object.assign(new EventEmitter(), {
        postMessage: () => undefined,
        terminate: async () => 1,
        ref: () => undefined,
        unref: () => undefined,
      });
      setImmediate(() => {
        w.emit('error', new Error('the background host exited'));
        w.emit('exit', 1);
      });
      return w as unknown as WorkerLike;
    };
    const r = await openEvidence([ledger.sessionDir], {
      deferChecks: true,
      deferAboveBytes: 0,
      hashArchive: false,
      backgroundWorkers: dying,
    });
    if (!r.ok) throw new Error(r.error.message);
    const ev = r.value;
    try {
      await ev.followUp!.settled;
      // Every worker of the follow-up was asked of it: quick_check's and, where the kernel copied session.db (Linux),
      // the copy proof's two reads; each died and its work was done here all the same.
      expect([...asked].sort()).toEqual(
        process.platform === 'linux' ? ['follow-up-worker', 'hash-file-worker', 'hash-file-worker'] : ['follow-up-worker'],
      );
      expect(ev.followUp!.quickCheck()).toEqual({ state: 'done', value: 'ok' });
      expect(ev.followUp!.copyProof().state).toBe('done');
      expect(ev.hashes.db).toEqual(await hashEvidenceFile(ledger.dbPath));
      expect(await ev.followUp!.scan(['SELECT COUNT(*) FROM net_events'])).toEqual([[[ledger.rowCounts.net_events]]]);
    } finally {
      ev.close();
    }
  });

  it('an open without deferChecks has no follow-up and hashes the archive before returning', async () => {
    const r = await openEvidence([ledger.sessionDir]);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.followUp).toBeUndefined();
    expect(r.value.hashes.archive).toEqual(await hashEvidenceFile(ledger.archiveFilePath));
    r.value.close();
  });
});

describe('a damaged ledger opened with deferChecks', () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir('follow-up-damaged-');
  });
  afterEach(() => removeDir(dir));

  function damagedLedger(): string {
    const db = buildSmallLedger(join(dir, 'session.db'), 'L0');
    const insert = db.prepare('INSERT INTO net_events (event_id, domain) VALUES (?, ?)');
    for (let i = 0; i < 400; i++) insert.run('cccccccccccc', `host-${i}.example`.repeat(5));
    db.close();
    const file = join(dir, 'session.db');
    const bytes = readFileSync(file);
    // Page 3 onward holds net_events b-tree pages (the same damage open-evidence.test refuses without deferral).
    bytes.fill(0xff, 4096 * 2, 4096 * 2 + 64);
    writeFileSync(file, bytes);
    return file;
  }

  it('opens, then quick_check fails with DB_CORRUPT naming the file, and scans are refused', async () => {
    const file = damagedLedger();
    const r = await openEvidence([dir], { deferChecks: true, deferAboveBytes: 0 });
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    const ev = r.value;
    try {
      await ev.followUp!.settled;
      const check = ev.followUp!.quickCheck();
      expect(check.state).toBe('failed');
      expect(check.state === 'failed' ? check.error.code : null).toBe('DB_CORRUPT');
      expect(check.state === 'failed' ? check.error.message : '').toContain(file);
      await expect(ev.followUp!.scan(['SELECT 1'])).rejects.toMatchObject({ code: 'DB_CORRUPT' });
    } finally {
      ev.close();
    }
  });

  it('the registry opens deferred, refuses structured views once quick_check failed, and still hands it to the report', async () => {
    damagedLedger();
    const registry = new EvidenceRegistry({ sampleDir: null, openOptions: { deferAboveBytes: 0 } });
    const opened = await registry.open([dir], 'path');
    if (!opened.ok) throw new Error(opened.error.message);
    const id = opened.value.id;
    const ev = registry.getEvenIfDamaged(id);
    expect(ev.followUp).toBeDefined();
    await ev.followUp!.settled;
    expect(() => registry.get(id)).toThrow(/quick_check/);
    let code = '';
    try {
      registry.get(id);
    } catch (error) {
      code = String((error as { code?: string }).code);
    }
    expect(code).toBe('DB_CORRUPT');
    expect(registry.getEvenIfDamaged(id)).toBe(ev);
    registry.closeAll();
  });
});

describe('deferChecks on small evidence', () => {
  it('does nothing below deferAboveBytes: quick_check and the archive hash run before the open returns', async () => {
    const r = await openEvidence([ledger.sessionDir], { deferChecks: true });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.followUp).toBeUndefined();
    expect(r.value.hashes.archive).toEqual(await hashEvidenceFile(ledger.archiveFilePath));
    r.value.close();
  });
});

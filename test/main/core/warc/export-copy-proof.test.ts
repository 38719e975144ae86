// warcinfo carries session.db's hashes. After a deferred open they come from the copy proof that follows it: the
// export waits for that proof, writes the proven hashes, and refuses (SNAPSHOT_MISMATCH, nothing written) when it
// failed because session.db changed after it was copied.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeLedger, type WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import { exportWarc } from '../../../../src/main/core/warc/export-job.js';
import { readWarc, warcFields } from './read-warc.js';

let root: string;
let w: WrittenLedger;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'warc-copy-proof-'));
  w = await writeLedger(join(root, 'ledger'), { generation: 'A4' });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('export after a deferred open', () => {
  test('waits for the copy proof and writes the proven session.db hashes into warcinfo', async () => {
    const opened = await openEvidence([w.sessionDir], { deferChecks: true, deferAboveBytes: 0 });
    if (!opened.ok) throw new Error(opened.error.message);
    const ev = opened.value;
    try {
      expect(ev.followUp!.copyProof().state).toBe('pending');
      const result = await exportWarc(ev, { destination: join(root, 'proven.warc.gz') });
      if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
      const bytes = readFileSync(w.dbPath);
      const fields = Object.fromEntries(warcFields((await readWarc(result.value.path))[0]!.block));
      expect(fields['inspector-session-db-sha256']).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(fields['inspector-session-db-blake3']).toBe(ev.hashes.db!.blake3);
    } finally {
      ev.close();
    }
  });

  test('refuses with the proof failure when session.db changed after the copy; nothing is written', async () => {
    const copy = await writeLedger(join(root, 'changed'), { generation: 'A4' });
    const opened = await openEvidence([copy.sessionDir], { deferChecks: true, deferAboveBytes: 0 });
    if (!opened.ok) throw new Error(opened.error.message);
    // In place, before the proof starts (it waits one event-loop turn after the open).
    const fd = openSync(copy.dbPath, 'r+');
    writeSync(fd, Buffer.alloc(32, 0x77), 0, 32, statSync(copy.dbPath).size - 32);
    closeSync(fd);
    const ev = opened.value;
    const outDir = join(root, 'refused');
    mkdirSync(outDir);
    try {
      const result = await exportWarc(ev, { destination: join(outDir, 'x.warc.gz') });
      expect(result.ok ? null : result.error.code).toBe('SNAPSHOT_MISMATCH');
      expect(result.ok ? '' : result.error.message).toContain(copy.dbPath);
      expect(readdirSync(outDir)).toEqual([]);
    } finally {
      ev.close();
    }
  });
});

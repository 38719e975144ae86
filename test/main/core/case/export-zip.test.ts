// The case handed on from the app (issue 39): `case.export` zips the folder `case export` writes (stored, one folder
// name, the export's own time), which unpacked passes `case verify` against the evidence; masked unless asked by
// name; refused without a case file; nothing written into the evidence folder.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipExport } from '../../../../src/main/core/case/export-zip.js';
import { verifyCaseExport } from '../../../../src/main/core/case/export-verify.js';
import { readStoredZip } from '../../../fixtures/read-zip.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';
import { caseServices, ok } from './case-services.js';

const root = mkdtempSync(join(tmpdir(), 'case-zip-'));
const cases = mkdtempSync(join(tmpdir(), 'case-zip-cases-'));
let ledger: WrittenLedger;

const { serviceWith, dispose } = caseServices(root, () => ledger.sessionDir);

beforeAll(async () => {
  ledger = await writeLedger(join(root, 'a'), { generation: 'A4', seed: 7, sessionId: 'case-zip', journalMode: 'delete' });
});
afterAll(() => {
  dispose();
  rmSync(root, { recursive: true, force: true });
  rmSync(cases, { recursive: true, force: true });
});

describe('the case export as a .zip', () => {
  it('stores each file under one folder, with its CRC-32 and the export’s time, the same bytes every time', () => {
    const files = new Map([
      ['case.json', Buffer.from('{"a":1}\n')],
      ['receipt.json', Buffer.from('{"é":"ü"}\n')],
      ['empty', Buffer.alloc(0)],
    ]);
    const at = new Date('2026-03-02T14:50:41Z');
    const zip = zipExport('s-case', files, at);
    expect([...readStoredZip(zip)]).toEqual([...files].map(([n, b]) => [`s-case/${n}`, b]));
    expect(zipExport('s-case', files, at).equals(zip)).toBe(true);
    // MS-DOS time of the first local header: 14:50:40 (two-second steps), 2026-03-02.
    expect([zip.readUInt16LE(10), zip.readUInt16LE(12)]).toEqual([(14 << 11) | (50 << 5) | 20, (46 << 9) | (3 << 5) | 2]);
  });

  it('case.export hands over the case, masked, and unpacked it passes case verify against the evidence', async () => {
    const { service, evidenceId } = await serviceWith(join(cases, 'zip.capsem-case'));
    const db = new Database(ledger.dbPath, { readonly: true });
    const net = db
      .prepare(
        `SELECT n.event_id FROM net_events n JOIN event_body_blobs b ON b.event_id = n.event_id AND b.source_table = 'net_events'
                WHERE b.direction = 'request' LIMIT 1`,
      )
      .pluck()
      .get() as string;
    const exec = db.prepare('SELECT event_id FROM exec_events LIMIT 1').pluck().get() as string;
    db.close();
    const before = readdirSync(ledger.sessionDir).sort();
    ok(await service.handle('case.add', { evidenceId, eventId: net, table: 'net_events', body: { direction: 'request' }, tag: 'notable' }));
    ok(await service.handle('case.add', { evidenceId, eventId: exec, tag: 'follow-up', note: 'who ran this?' }));
    const file = ok(await service.handle('case.export', { evidenceId }));
    expect([file.fileName, file.items, file.redacted]).toEqual(['case-zip-case.zip', 2, true]);
    const zip = Buffer.from(file.base64, 'base64');
    expect(zip.length).toBe(file.bytes);
    const entries = readStoredZip(zip);
    expect([...entries.keys()]).toEqual(['case.json', 'case.html', 'redactions.json', 'receipt.json'].map((n) => `case-zip-case/${n}`));
    const out = join(cases, 'unpacked');
    mkdirSync(join(out, 'case-zip-case'), { recursive: true });
    for (const [name, bytes] of entries) writeFileSync(join(out, name), bytes);
    const lines = await verifyCaseExport(join(out, 'case-zip-case'), service.registry.get(evidenceId));
    expect(lines.length).toBeGreaterThan(4);
    expect(lines.filter((l) => !l.ok)).toEqual([]);
    expect(JSON.parse(entries.get('case-zip-case/case.json')!.toString('utf8'))).toMatchObject({ redacted: true });
    const unredacted = ok(await service.handle('case.export', { evidenceId, unredacted: true }));
    expect([unredacted.fileName, unredacted.redacted]).toEqual(['case-zip-case-unredacted.zip', false]);
    const json = readStoredZip(Buffer.from(unredacted.base64, 'base64')).get('case-zip-case-unredacted/case.json')!.toString('utf8');
    expect(JSON.parse(json)).toMatchObject({ redacted: false });
    expect(readdirSync(ledger.sessionDir).sort()).toEqual(before);
  });

  it('without a case file case.export refuses as CASE_NOT_KEPT', async () => {
    const { service, evidenceId } = await serviceWith(null);
    const r = await service.handle('case.export', { evidenceId });
    expect(!r.ok && r.error.code).toBe('CASE_NOT_KEPT');
    expect((await service.handle('case.export', { evidenceId, unredacted: 'yes' })).ok).toBe(false);
  });
});

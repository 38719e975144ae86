// The `case.list` and `case.add` channels through the service, as both transports call them: an add lands in the
// case file beside the evidence and is said as `case.changed`; without a case file both refuse (CASE_NOT_KEPT) and
// nothing is written; a case file inside the evidence is refused by name; the guards refuse bad arguments.
import { mkdtempSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectorEvent } from '../../../../src/shared/contract.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';
import { caseServices, ok } from './case-services.js';

const root = mkdtempSync(join(tmpdir(), 'case-channels-'));
const cases = mkdtempSync(join(tmpdir(), 'case-channels-cases-'));
let ledger: WrittenLedger;
let eventId: string;

const { serviceWith, dispose } = caseServices(root, () => ledger.sessionDir);

beforeAll(async () => {
  ledger = await writeLedger(join(root, 'a'), { generation: 'A4', seed: 7, sessionId: 'case-channels', journalMode: 'delete' });
  const db = new Database(ledger.dbPath, { readonly: true });
  eventId = db.prepare('SELECT event_id FROM exec_events LIMIT 1').pluck().get() as string;
  db.close();
});
afterAll(() => {
  dispose();
  rmSync(root, { recursive: true, force: true });
  rmSync(cases, { recursive: true, force: true });
});

describe('the case channels', () => {
  it('case.add writes the item beside the evidence, says case.changed, and case.list lists it attached', async () => {
    const casePath = join(cases, 'one.capsem-case');
    const { service, evidenceId } = await serviceWith(casePath);
    const before = readdirSync(ledger.sessionDir).sort();
    expect(ok(await service.handle('case.list', { evidenceId }))).toEqual({ file: 'one.capsem-case', entries: [] });
    expect(existsSync(casePath)).toBe(false);
    const heard: InspectorEvent[] = [];
    service.onEvent((e) => heard.push(e));
    const added = ok(await service.handle('case.add', { evidenceId, eventId, tag: 'follow-up', note: 'who ran this?' }));
    expect(added.status).toBe('attached');
    expect(added.item).toMatchObject({ tag: 'follow-up', note: 'who ran this?', table: 'exec_events', eventId, body: null });
    expect(heard).toContainEqual({ name: 'case.changed', payload: { evidenceId } });
    const listed = ok(await service.handle('case.list', { evidenceId }));
    expect(listed.entries.map((e) => [e.status, e.item.tag, e.item.eventId])).toEqual([['attached', 'follow-up', eventId]]);
    expect(readdirSync(ledger.sessionDir).sort()).toEqual(before);
  });

  it('without a case file both channels refuse by name and nothing is written', async () => {
    const { service, evidenceId } = await serviceWith(null);
    const before = readdirSync(ledger.sessionDir).sort();
    const listed = await service.handle('case.list', { evidenceId });
    const added = await service.handle('case.add', { evidenceId, eventId, tag: 'notable' });
    expect(!listed.ok && listed.error.code).toBe('CASE_NOT_KEPT');
    expect(!added.ok && added.error).toEqual({ code: 'CASE_NOT_KEPT', message: 'no case is kept: start serve with --case FILE' });
    expect(readdirSync(ledger.sessionDir).sort()).toEqual(before);
  });

  it('a case file inside the evidence folder is refused as CASE_INSIDE_EVIDENCE', async () => {
    const { service, evidenceId } = await serviceWith(join(ledger.sessionDir, 'inside.capsem-case'));
    const before = readdirSync(ledger.sessionDir).sort();
    const added = await service.handle('case.add', { evidenceId, eventId, tag: 'notable' });
    expect(!added.ok && added.error.code).toBe('CASE_INSIDE_EVIDENCE');
    const listed = await service.handle('case.list', { evidenceId });
    expect(!listed.ok && listed.error.message).toMatch(/lies inside the evidence folder/);
    expect(readdirSync(ledger.sessionDir).sort()).toEqual(before);
  });

  it('the guards refuse a bad tag, an empty note, a backwards range and an unknown field before any handler', async () => {
    const { service, evidenceId } = await serviceWith(join(cases, 'guards.capsem-case'));
    const refused = async (arg: unknown): Promise<string> => {
      const r = await service.handle('case.add', arg);
      return r.ok ? 'accepted' : r.error.code;
    };
    expect(await refused({ evidenceId, eventId, tag: 'Notable' })).toBe('BAD_REQUEST');
    expect(await refused({ evidenceId, eventId, tag: 'notable', note: '' })).toBe('BAD_REQUEST');
    expect(await refused({ evidenceId, eventId, tag: 'notable', body: { direction: 'response', range: [5, 5] } })).toBe('BAD_REQUEST');
    expect(await refused({ evidenceId, eventId, tag: 'notable', extra: 1 })).toBe('BAD_REQUEST');
    expect(await refused({ evidenceId: '../x', eventId, tag: 'notable' })).toBe('BAD_REQUEST');
    expect(await refused({ evidenceId, eventId: 'no-such-event', tag: 'notable' })).toBe('NO_SUCH_EVENT');
    expect(existsSync(join(cases, 'guards.capsem-case'))).toBe(false);
  });
});

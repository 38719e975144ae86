// Re-attaching a case to another copy of the evidence: a second copy of the same ledger holds every item (attached);
// a copy whose index names another body hash says changed and which hash; a ledger of the same session with other
// rows says missing; another session's items are listed, not checked.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCaseItem } from '../../../../src/main/core/case/case-add.js';
import { attachCase } from '../../../../src/main/core/case/case-attach.js';
import type { CaseItem } from '../../../../src/main/core/case/case-format.js';
import { listCase } from '../../../../src/main/core/case/case-list.js';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';

const root = mkdtempSync(join(tmpdir(), 'case-attach-'));
const casePath = join(root, 'case.jsonl');
const SESSION = 'case-attach-1';
const opened: Evidence[] = [];
let original: WrittenLedger;
let damaged: WrittenLedger;

async function open(ledger: WrittenLedger): Promise<Evidence> {
  const r = await openEvidence([ledger.sessionDir], { scratchRoot: root, hashArchive: false });
  if (!r.ok) throw new Error(r.error.message);
  opened.push(r.value);
  return r.value;
}

const status = (evidence: Evidence): string[] =>
  listCase(evidence, casePath).map((a) => `${a.item.tag} ${a.status}${a.reasons.length ? ` ${a.reasons.join('+')}` : ''}`);

beforeAll(async () => {
  original = await writeLedger(join(root, 'original'), { generation: 'A4', seed: 7, sessionId: SESSION });
  damaged = await writeLedger(join(root, 'damaged'), { generation: 'A4', seed: 7, sessionId: SESSION, damage: 'wrong-body-hash' });
  const evidence = await open(original);
  // Three items on the first copy: the body whose hash the damaged copy replaces, another body, and a row alone.
  const forged = damaged.damage!.affected[0]!;
  const other = original.bodies.find((b) => b.key.eventId !== forged.eventId && b.key.sourceTable === 'net_events')!.key;
  addCaseItem(evidence, casePath, {
    eventId: forged.eventId,
    table: forged.sourceTable,
    body: { direction: forged.direction, range: null },
    tag: 'notable',
  });
  addCaseItem(evidence, casePath, { eventId: other.eventId, body: { direction: other.direction, range: [0, 3] }, tag: 'benign' });
  addCaseItem(evidence, casePath, { eventId: other.eventId, tag: 'follow-up', note: 'look again' });
});
afterAll(() => {
  for (const e of opened) e.close();
  rmSync(root, { recursive: true, force: true });
});

describe('re-attaching a case', () => {
  it('a second copy of the same evidence holds every item', async () => {
    const copy = await open(await writeLedger(join(root, 'copy'), { generation: 'A4', seed: 7, sessionId: SESSION }));
    expect(copy.input.dir).not.toBe(original.sessionDir);
    expect(status(copy)).toEqual(['notable attached', 'benign attached', 'follow-up attached']);
  });

  it('a copy whose index names another body hash: changed, saying which hash', async () => {
    const copy = await open(damaged);
    expect(status(copy)).toEqual(['notable changed body-hash+session-db', 'benign changed session-db', 'follow-up changed session-db']);
    const [forged] = listCase(copy, casePath);
    expect(forged!.currentBodyHash).toMatch(/^blake3:[0-9a-f]{64}$/);
    expect(forged!.currentBodyHash).not.toBe(forged!.item.body!.bodyHash);
  });

  it('a ledger of the same session holding other rows: missing', async () => {
    const other = await open(await writeLedger(join(root, 'reseeded'), { generation: 'A4', seed: 8, sessionId: SESSION }));
    expect(status(other)).toEqual(['notable missing row', 'benign missing row', 'follow-up missing row']);
  });

  it("another session's items are listed, not checked", async () => {
    const other = await open(await writeLedger(join(root, 'other'), { generation: 'A4', seed: 7, sessionId: 'case-attach-2' }));
    expect(status(other)).toEqual(['notable other-session', 'benign other-session', 'follow-up other-session']);
  });

  it('a row named by rowid (a table without event_id), a body gone from the index, a table the ledger lacks', async () => {
    const evidence = opened[0]!;
    const base: CaseItem = {
      id: 'x',
      createdAt: '2026-03-02T14:50:40.000Z',
      tag: 'notable',
      note: null,
      sessionId: SESSION,
      sessionDbSha256: null,
      table: 'transport_schema',
      eventId: null,
      rowid: 1,
      body: null,
    };
    const body = original.bodies[0]!;
    const results = attachCase(evidence, [
      base,
      { ...base, rowid: 999_999 },
      { ...base, table: 'no_such_table' },
      {
        ...base,
        table: body.key.sourceTable,
        eventId: body.key.eventId,
        rowid: null,
        body: { sourceTable: body.key.sourceTable, direction: 'sideways', bodyHash: null, range: null },
      },
    ]);
    expect(results.map((r) => `${r.status} ${r.reasons.join('+')}`)).toEqual(['attached ', 'missing row', 'missing table', 'missing body']);
  });
});

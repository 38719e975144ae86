// A notable set laid over one session: an entry whose indicator is planted there is found, with the same hits the
// hunt gives for that indicator alone; an entry whose indicators are absent is not listed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import type { HuntHit } from '../../../../src/main/core/hunt/hunt-session.js';
import { huntSession } from '../../../../src/main/core/hunt/hunt-session.js';
import { hitView } from '../../../../src/main/core/hunt/hit-view.js';
import type { NotableEntry } from '../../../../src/main/core/notable/notable-format.js';
import { scanNotable } from '../../../../src/main/core/notable/notable-scan.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';

const root = mkdtempSync(join(tmpdir(), 'notable-scan-'));
const PLANTED = 'beacon.notable-test.example';
let evidence: Evidence;
beforeAll(async () => {
  const ledger = await writeLedger(join(root, 'evidence'), { generation: 'A4', seed: 31, sessionId: 'notable-1' });
  const db = new Database(ledger.dbPath);
  db.exec(`UPDATE net_events SET domain = '${PLANTED}' WHERE id = (SELECT MIN(id) FROM net_events)`);
  db.close();
  const opened = await openEvidence([ledger.sessionDir], { scratchRoot: root, hashArchive: false });
  if (!opened.ok) throw new Error(opened.error.message);
  evidence = opened.value;
});
afterAll(() => {
  evidence?.close();
  rmSync(root, { recursive: true, force: true });
});

const at = '2026-03-02T14:50:40.000Z';
const entries: NotableEntry[] = [
  { name: 'absent-host', createdAt: at, indicators: [{ kind: 'domain', value: 'never.notable-test.example' }] },
  {
    name: 'planted-host',
    createdAt: at,
    indicators: [
      { kind: 'process', value: 'no-such-process-x' },
      { kind: 'domain', value: PLANTED },
    ],
  },
  { name: 'absent-string', createdAt: at, indicators: [{ kind: 'fixed', value: 'NOTABLE-nowhere-7f3a' }] },
];

describe('scanNotable', () => {
  it("flags the entry whose indicator is planted, with the hunt's own hits, and not the absent ones", async () => {
    const scan = await scanNotable(evidence, entries);
    expect(scan.entries).toBe(3);
    expect(scan.error).toBeNull();
    expect(scan.found.map((f) => f.name)).toEqual(['planted-host']);
    const [found] = scan.found;
    expect(found!.indicators).toEqual(['--process no-such-process-x', `--domain ${PLANTED}`]);
    const hunted: HuntHit[] = [];
    await huntSession(evidence, [{ kind: 'domain', domain: PLANTED }], { hit: (h) => hunted.push(h) > 0, damaged: () => {} });
    expect(hunted.length).toBeGreaterThan(0);
    expect(found!.hitCount).toBe(hunted.length);
    expect(found!.hits.map((h) => hitView('s', h))).toEqual(hunted.map((h) => hitView('s', h)));
    expect(hitView('s', found!.hits[0]!)).toMatchObject({ table: 'net_events', eventId: expect.any(String), match: PLANTED });
  });

  it('finds nothing in a session holding none of the set', async () => {
    const scan = await scanNotable(evidence, [entries[0]!, entries[2]!]);
    expect(scan).toMatchObject({ entries: 2, found: [], error: null });
  });
});

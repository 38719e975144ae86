// The notable set in the app, through the service as both transports call it: opening a session starts the scan by
// itself, notable.changed says when it ends (no view polls), and notable.status then names the planted entry with
// its hits and not the absent one. A damaged set is named in the status; without a set nothing runs (not-kept).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectorEvent, NotableStatus } from '../../../../src/shared/contract.js';
import type { Result } from '../../../../src/shared/errors.js';
import { addNotable } from '../../../../src/main/core/notable/notable-edit.js';
import { EvidenceRegistry } from '../../../../src/main/core/service/registry.js';
import { createInspectorService } from '../../../../src/main/core/service/service.js';
import type { InspectorService } from '../../../../src/main/core/service/service.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';
import { plantRows } from '../../../cli/commands/hunt-run.js';

const PLANTED = 'beacon.notable-room.example';
const root = mkdtempSync(join(tmpdir(), 'notable-room-'));
const setPath = join(root, 'set.capsem-notable');
let ledger: WrittenLedger;
const services: InspectorService[] = [];

function ok<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

function serviceWith(notablePath: string | null): { service: InspectorService; events: InspectorEvent[] } {
  const service = createInspectorService({
    registry: new EvidenceRegistry({ openOptions: { scratchRoot: root }, firstViewGate: null }),
    saveBody: () => ({ kind: 'saved', path: '' }) as never,
    integrityReport: () => {
      throw new Error('not asked in this test');
    },
    notablePath,
  });
  services.push(service);
  const events: InspectorEvent[] = [];
  service.onEvent((e) => events.push(e));
  return { service, events };
}

beforeAll(async () => {
  ledger = await writeLedger(join(root, 'evidence'), { generation: 'A4', seed: 51, sessionId: 'notable-room', journalMode: 'delete' });
  plantRows(ledger, `UPDATE net_events SET domain = '${PLANTED}' WHERE id = (SELECT MIN(id) FROM net_events)`);
  addNotable(setPath, 'c2', [{ kind: 'domain', value: PLANTED }]);
  addNotable(setPath, 'absent', [{ kind: 'fixed', value: 'NOTABLE-room-nowhere' }]);
});
afterAll(() => {
  for (const s of services) s.dispose();
  rmSync(root, { recursive: true, force: true });
});

describe('notable.status', () => {
  it('is run on open and said done by notable.changed, flagging the planted entry with its hits', async () => {
    const { service, events } = serviceWith(setPath);
    const ended = new Promise<void>((resolve) =>
      service.onEvent((e) => {
        if (e.name !== 'notable.changed') return;
        void service.handle('notable.status', e.payload).then((r) => r.ok && r.value.state === 'done' && resolve());
      }),
    );
    const evidenceId = ok(await service.openPaths([ledger.sessionDir], 'path')).id;
    await ended;
    const status: NotableStatus = ok(await service.handle('notable.status', { evidenceId }));
    expect(status).toMatchObject({ state: 'done', entries: 2, error: null });
    expect(status.found.map((f) => f.name)).toEqual(['c2']);
    expect(status.found[0]!.hits[0]).toMatchObject({ session: 'notable-room', table: 'net_events', column: 'domain', match: PLANTED });
    expect(status.found[0]!.hitCount).toBe(status.found[0]!.hits.length);
    expect(events.filter((e) => e.name === 'notable.changed').length).toBeGreaterThanOrEqual(2);
  });

  it('names a damaged set in the status, found nothing, and reads nothing half', async () => {
    const damaged = join(root, 'damaged.capsem-notable');
    writeFileSync(damaged, '{"format":"capsem-inspect-notable","version":1');
    const { service } = serviceWith(damaged);
    const ended = new Promise<NotableStatus>((resolve) =>
      service.onEvent((e) => {
        if (e.name !== 'notable.changed') return;
        void service.handle('notable.status', e.payload).then((r) => r.ok && r.value.state === 'failed' && resolve(r.value));
      }),
    );
    await service.openPaths([ledger.sessionDir], 'path');
    expect(await ended).toMatchObject({ state: 'failed', entries: 0, found: [], error: { code: 'NOTABLE_DAMAGED' } });
  });

  it('says not-kept and runs nothing without a set', async () => {
    const { service, events } = serviceWith(null);
    const evidenceId = ok(await service.openPaths([ledger.sessionDir], 'path')).id;
    expect(ok(await service.handle('notable.status', { evidenceId }))).toEqual({
      state: 'not-kept',
      entries: 0,
      found: [],
      damaged: 0,
      error: null,
    });
    expect(events.filter((e) => e.name === 'notable.changed')).toEqual([]);
  });
});

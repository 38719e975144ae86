// The `decisions.report` and `decisions.chain` channels through the service, as both transports call them: the same
// report and chain the CLI prints for the opened evidence (with planted decisions), and arguments the contract's
// guards refuse before any handler runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../../../src/shared/errors.js';
import { decisionsReport } from '../../../../src/main/core/decisions/decisions-report.js';
import { eventChain } from '../../../../src/main/core/decisions/event-chain.js';
import { EvidenceRegistry } from '../../../../src/main/core/service/registry.js';
import { createInspectorService } from '../../../../src/main/core/service/service.js';
import type { InspectorService } from '../../../../src/main/core/service/service.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { PlantedDecisions } from './plant-decisions.js';
import { plantDecisions } from './plant-decisions.js';

const root = mkdtempSync(join(tmpdir(), 'decisions-channel-'));
let service: InspectorService;
let evidenceId: string;
let planted: PlantedDecisions;

function ok<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

beforeAll(async () => {
  const w = await writeLedger(join(root, 'a4'), { generation: 'A4', sessionId: 'decisions-channel', journalMode: 'delete' });
  planted = plantDecisions(w.dbPath, w.expected.securityEventIds[0]!);
  service = createInspectorService({
    registry: new EvidenceRegistry({ openOptions: { scratchRoot: root }, firstViewGate: null }),
    saveBody: () => ({ kind: 'saved', path: '' }) as never,
    integrityReport: () => {
      throw new Error('not asked in this test');
    },
  });
  evidenceId = ok(await service.openPaths([w.sessionDir], 'path')).id;
});
afterAll(() => {
  service.dispose();
  rmSync(root, { recursive: true, force: true });
});

describe('the decisions channels', () => {
  it('decisions.report answers the core report of the opened evidence', async () => {
    const report = ok(await service.handle('decisions.report', { evidenceId }));
    expect(report).toEqual(decisionsReport(service.registry.get(evidenceId).db));
    expect(report.groups.map((g) => g.rule)).toContain('deny-paste-sites');
  });

  it('decisions.chain answers the core chain of one event', async () => {
    const chain = ok(await service.handle('decisions.chain', { evidenceId, eventId: planted.deniedEventId }));
    expect(chain).toEqual(eventChain(service.registry.get(evidenceId).db, planted.deniedEventId));
    expect(chain.entries.map((e) => e.table)).toContain('net_events');
  });

  it('decisions.chain of an event id no row carries is an empty chain, not an error', async () => {
    const chain = ok(await service.handle('decisions.chain', { evidenceId, eventId: 'no such event' }));
    expect(chain.entries).toEqual([]);
  });

  it('refuses an evidence id that looks like a path, an empty event id, and evidence that is not open', async () => {
    expect((await service.handle('decisions.report', { evidenceId: '../ledger' })).ok).toBe(false);
    expect((await service.handle('decisions.chain', { evidenceId, eventId: '' })).ok).toBe(false);
    expect((await service.handle('decisions.chain', { evidenceId, eventId: 'x'.repeat(1025) })).ok).toBe(false);
    expect((await service.handle('decisions.report', { evidenceId: 'not-open' })).ok).toBe(false);
  });
});

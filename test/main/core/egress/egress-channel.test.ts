// The `egress.report` channel through the service, as both transports call it: the same report the CLI prints for
// the opened evidence, and a path-like evidence id refused by the contract's guard before any handler runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../../../src/shared/errors.js';
import { egressReport } from '../../../../src/main/core/egress/egress-report.js';
import { EvidenceRegistry } from '../../../../src/main/core/service/registry.js';
import { createInspectorService } from '../../../../src/main/core/service/service.js';
import type { InspectorService } from '../../../../src/main/core/service/service.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';

const root = mkdtempSync(join(tmpdir(), 'egress-channel-'));
let service: InspectorService;
let evidenceId: string;

function ok<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

beforeAll(async () => {
  const w = await writeLedger(join(root, 'a4'), { generation: 'A4', sessionId: 'egress-channel' });
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

describe('the egress.report channel', () => {
  it('answers the core report of the opened evidence', async () => {
    const report = ok(await service.handle('egress.report', { evidenceId }));
    expect(report).toEqual(egressReport(service.registry.get(evidenceId).db));
    expect(report.destinations.length).toBeGreaterThan(0);
    expect(report.destinations.some((d) => d.credentialElsewhere)).toBe(true);
  });

  it('refuses an evidence id that looks like a path', async () => {
    const r = await service.handle('egress.report', { evidenceId: '../ledger' });
    expect(r.ok).toBe(false);
  });

  it('says so for evidence that is not open', async () => {
    const r = await service.handle('egress.report', { evidenceId: 'not-open' });
    expect(r.ok).toBe(false);
  });
});

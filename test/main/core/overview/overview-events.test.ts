// A deferred open's overview is asked again when told (overview.changed), never on a clock: asking once and then
// at each event about it reaches an overview whose follow-up parts and scans are all in. An arrival the service did
// not announce would leave this waiting.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Overview } from '../../../../src/shared/contract.js';
import { EvidenceRegistry } from '../../../../src/main/core/service/registry.js';
import { createInspectorService } from '../../../../src/main/core/service/service.js';
import type { InspectorService } from '../../../../src/main/core/service/service.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';

const root = mkdtempSync(join(tmpdir(), 'overview-events-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const settled = (o: Overview): boolean => o.followUp !== undefined && Object.values(o.followUp).every((s) => s.state !== 'pending');

function untilSettled(s: InspectorService, evidenceId: string): Promise<Overview[]> {
  const seen: Overview[] = [];
  return new Promise((resolve, reject) => {
    let asking = false;
    let again = false;
    const off = s.onEvent((e) => {
      if (e.name === 'overview.changed' && e.payload.evidenceId === evidenceId) ask();
    });
    const ask = (): void => {
      if (asking) return void (again = true);
      asking = true;
      again = false;
      void s.handle('overview', { evidenceId }).then((r) => {
        asking = false;
        if (!r.ok) return reject(new Error(r.error.message));
        seen.push(r.value);
        if (settled(r.value)) {
          off();
          resolve(seen);
        } else if (again) ask();
      });
    };
    ask();
  });
}

describe('overview.changed', () => {
  it("announces each of a deferred open's follow-up parts and scans, so asking at each reaches them all", async () => {
    const w = await writeLedger(join(root, 'deferred'), { generation: 'A4' });
    const s = createInspectorService({
      registry: new EvidenceRegistry({ openOptions: { scratchRoot: root, deferChecks: true, deferAboveBytes: 0 }, firstViewGate: null }),
      saveBody: () => ({ kind: 'saved', path: '' }) as never,
      integrityReport: () => {
        throw new Error('not asked here');
      },
    });
    const opened = await s.openPaths([w.sessionDir], 'path');
    if (!opened.ok) throw new Error(opened.error.message);
    const seen = await untilSettled(s, opened.value.id);
    const last = seen.at(-1)!;
    expect(last.followUp).toMatchObject({ quickCheck: { state: 'done' }, scans: { state: 'done' } });
    expect(last.models.length).toBeGreaterThan(0);
    s.dispose();
  });
});

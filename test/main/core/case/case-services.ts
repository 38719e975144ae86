/**
 * Inspector services over one written ledger, each keeping the case at a given path (or none), as the case channel
 * tests need them: no body saving, no integrity report. Every service made is disposed by `dispose`.
 */
import { EvidenceRegistry } from '../../../../src/main/core/service/registry.js';
import { createInspectorService } from '../../../../src/main/core/service/service.js';
import type { InspectorService } from '../../../../src/main/core/service/service.js';
import type { Result } from '../../../../src/shared/errors.js';

export function ok<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

export interface CaseServices {
  /** A service keeping the case at `casePath` (null: none), with the ledger at `sessionDir` open. */
  serviceWith(casePath: string | null): Promise<{ service: InspectorService; evidenceId: string }>;
  dispose(): void;
}

export function caseServices(scratchRoot: string, sessionDir: () => string): CaseServices {
  const made: InspectorService[] = [];
  return {
    async serviceWith(casePath) {
      const service = createInspectorService({
        registry: new EvidenceRegistry({ openOptions: { scratchRoot }, firstViewGate: null }),
        saveBody: () => ({ kind: 'saved', path: '' }) as never,
        integrityReport: () => {
          throw new Error('not asked in this test');
        },
        casePath,
      });
      made.push(service);
      return { service, evidenceId: ok(await service.openPaths([sessionDir()], 'path')).id };
    },
    dispose: () => {
      for (const s of made) s.dispose();
    },
  };
}

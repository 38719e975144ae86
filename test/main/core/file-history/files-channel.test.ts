// The `files.paths` and `files.history` channels through the service, as both transports call them: the same path
// list and history the CLI prints for the opened evidence, null for a path never changed, and arguments the
// contract's guards refuse (BAD_REQUEST) before any handler runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../../../src/shared/errors.js';
import { fileHistory } from '../../../../src/main/core/file-history/history.js';
import { filePaths } from '../../../../src/main/core/file-history/paths.js';
import { EvidenceRegistry } from '../../../../src/main/core/service/registry.js';
import { createInspectorService } from '../../../../src/main/core/service/service.js';
import type { InspectorService } from '../../../../src/main/core/service/service.js';
import { fileHistoryLedger } from './file-history-ledger.js';

const root = mkdtempSync(join(tmpdir(), 'files-channel-'));
let service: InspectorService;
let evidenceId: string;

function ok<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

beforeAll(async () => {
  const l = await fileHistoryLedger(join(root, 'a4'));
  service = createInspectorService({
    registry: new EvidenceRegistry({ openOptions: { scratchRoot: root }, firstViewGate: null }),
    saveBody: () => ({ kind: 'saved', path: '' }) as never,
    integrityReport: () => {
      throw new Error('not asked in this test');
    },
  });
  evidenceId = ok(await service.openPaths([l.sessionDir], 'path')).id;
});
afterAll(() => {
  service.dispose();
  rmSync(root, { recursive: true, force: true });
});

describe('the files channels', () => {
  it('files.paths answers the core path list of the opened evidence', async () => {
    const paths = ok(await service.handle('files.paths', { evidenceId }));
    expect(paths).toEqual(filePaths(service.registry.get(evidenceId).db));
    expect(paths.paths.map((p) => p.path)).toContain('/workspace/src/index-2.ts');
  });

  it('files.history answers the core history of one path, causes and all', async () => {
    const path = '/workspace/src/index-2.ts';
    const history = ok(await service.handle('files.history', { evidenceId, path }));
    expect(history).toEqual(fileHistory(service.registry.get(evidenceId).db, path));
    expect(history!.entries.map((e) => e.cause)).toContain('tool-call');
  });

  it('files.history of a path the session never changed is null, not an error', async () => {
    expect(ok(await service.handle('files.history', { evidenceId, path: '/nowhere' }))).toBeNull();
  });

  it('refuses a path-like evidence id, an empty or unbounded path, and evidence that is not open', async () => {
    const refused = async (channel: 'files.paths' | 'files.history', arg: unknown): Promise<string> => {
      const r = await service.handle(channel, arg as never);
      return r.ok ? 'answered' : r.error.code;
    };
    expect(await refused('files.paths', { evidenceId: '../ledger' })).toBe('BAD_REQUEST');
    expect(await refused('files.history', { evidenceId, path: '' })).toBe('BAD_REQUEST');
    expect(await refused('files.history', { evidenceId, path: 'x'.repeat(65537) })).toBe('BAD_REQUEST');
    expect(await refused('files.history', { evidenceId })).toBe('BAD_REQUEST');
    expect(await refused('files.history', { evidenceId, path: 7 })).toBe('BAD_REQUEST');
    expect(await refused('files.paths', { evidenceId: 'not-open' })).not.toBe('answered');
  });
});

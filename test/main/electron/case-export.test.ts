// "Export Case…" over fake ports: the case built first (a refusal said before any dialog), the .zip's own name
// offered, the evidence rule, a new file only, and what the notice says.
import { describe, expect, it } from 'vitest';
import type { Evidence } from '../../../src/main/core/evidence/types.js';
import { exportCaseToFile } from '../../../src/main/electron/case-export.js';
import type { CaseExportPorts } from '../../../src/main/electron/case-export.js';
import type { CaseExportFile } from '../../../src/shared/contract/case.js';
import type { Result } from '../../../src/shared/errors.js';

const evidence = { sessionId: '20260302-145040-c67f' } as Evidence;
const FILE: CaseExportFile = {
  fileName: 's-case.zip',
  base64: Buffer.from('PK zip').toString('base64'),
  bytes: 6,
  items: 2,
  redacted: true,
};

function ports(opts: { built?: Result<CaseExportFile>; chosen?: string | null; inside?: boolean; exists?: boolean } = {}) {
  const written: [string, string][] = [];
  const offered: string[] = [];
  const p: CaseExportPorts = {
    exportCase: async () => opts.built ?? { ok: true, value: FILE },
    chooseFile: async (name) => {
      offered.push(name);
      return opts.chosen === undefined ? '/tmp/out/s-case.zip' : opts.chosen;
    },
    checkDestination: (_e, path) =>
      opts.inside
        ? { ok: false, error: { code: 'EXPORT_DESTINATION', message: `${path} lies inside the evidence folder` } }
        : { ok: true, value: path },
    writeNew: async (path, bytes) => {
      if (opts.exists) throw Object.assign(new Error(`EEXIST: file already exists, open '${path}'`), { code: 'EEXIST' });
      written.push([path, Buffer.from(bytes).toString()]);
    },
  };
  return { p, written, offered };
}

describe('export case from the desktop menu', () => {
  it('offers the .zip by its name and writes its bytes where chosen', async () => {
    const { p, written, offered } = ports();
    expect(await exportCaseToFile(p, evidence)).toEqual({ kind: 'saved', path: '/tmp/out/s-case.zip', items: 2 });
    expect(offered).toEqual(['s-case.zip']);
    expect(written).toEqual([['/tmp/out/s-case.zip', 'PK zip']]);
  });

  it('says a refusal before any dialog, never writes into the evidence or over a file, and a cancel writes nothing', async () => {
    const refused = ports({ built: { ok: false, error: { code: 'CASE_NOT_KEPT', message: 'no case is kept' } } });
    expect(await exportCaseToFile(refused.p, evidence)).toEqual({ kind: 'refused', code: 'CASE_NOT_KEPT', message: 'no case is kept' });
    expect(refused.offered).toEqual([]);
    const inside = ports({ inside: true });
    expect((await exportCaseToFile(inside.p, evidence)).kind).toBe('refused');
    expect(inside.written).toEqual([]);
    const exists = ports({ exists: true });
    expect(await exportCaseToFile(exists.p, evidence)).toMatchObject({ kind: 'refused', code: 'EXPORT_DESTINATION' });
    const cancelled = ports({ chosen: null });
    expect(await exportCaseToFile(cancelled.p, evidence)).toEqual({ kind: 'cancelled' });
    expect(cancelled.written).toEqual([]);
  });
});

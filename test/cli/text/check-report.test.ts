// Text rendering never lets ledger text drive the terminal; a cancelled verification is reported, not hidden.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { writeLedger } from '../../fixtures/writer/ledger-writer.js';
import { checkPath } from '../../../src/main/core/check/check-path.js';
import { renderCheckReport } from '../../../src/cli/text/check-report.js';
import { printable, styleFor } from '../../../src/cli/text/style.js';
import { reportTable } from '../../../src/cli/text/table.js';

const root = mkdtempSync(join(tmpdir(), 'check-render-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('escapes control and bidi characters from ledger text', () => {
  expect(printable('a\u001b[31mb\u202ec')).toBe('a\\u001b[31mb\\u202ec');
  const table = reportTable(
    styleFor(false),
    ['path', 'size'],
    [
      ['/tmp/\u001b[2J', 5],
      ['x', 12],
    ],
  );
  expect(table).not.toContain('\u001b');
  expect(table.split('\n')[0]).toBe('  path            size');
  expect(table.split('\n')[3]).toBe('  x                 12');
});

it('an aborted verification is reported as incomplete, with no verified count', async () => {
  const w = await writeLedger(join(root, 'a'), { generation: 'A4' });
  const controller = new AbortController();
  controller.abort();
  const result = await checkPath(w.sessionDir, { verifyBodies: true, signal: controller.signal });
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  expect(result.value.archive.verified).toBeNull();
  expect(result.value.archive.verifyError?.code).toBe('CANCELLED');
  expect(result.value.findings.map((f) => f.code)).toContain('VERIFY_INCOMPLETE');
  expect(renderCheckReport(result.value, false)).toContain('verification did not finish: CANCELLED');
});

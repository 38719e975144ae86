// The text-column search in a worker thread (what the integrity report's credentials section runs, so serve's main
// thread stays free) must find exactly what grepColumns finds on the calling thread, in the same order, for every
// kind of pattern; a scratch copy that cannot be opened rejects with a named error instead of finding nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import { grepColumns } from '../../../../src/main/core/search/grep-columns.js';
import { grepColumnsOffThread } from '../../../../src/main/core/search/grep-columns-off-thread.js';
import type { GrepMatch, GrepPattern, GrepSpec } from '../../../../src/main/core/match/grep-types.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';

const root = mkdtempSync(join(tmpdir(), 'grep-columns-off-thread-'));
let ev: Evidence;

beforeAll(async () => {
  const ledger = await writeLedger(root, { generation: 'A4' });
  const opened = await openEvidence([ledger.sessionDir], { hashArchive: false });
  if (!opened.ok) throw new Error(opened.error.message);
  ev = opened.value;
}, 60_000);
afterAll(() => {
  ev?.close();
  rmSync(root, { recursive: true, force: true });
});

const spec = (pattern: GrepPattern): GrepSpec => ({ patterns: [pattern], table: null, direction: null, maxPerBody: 100, contextBytes: 16 });

function onThisThread(s: GrepSpec): { matches: GrepMatch[]; values: number; columns: number } {
  const matches: GrepMatch[] = [];
  const r = grepColumns(ev.db, s, (m) => {
    matches.push(m);
    return true;
  });
  return { matches, ...r };
}

describe('grepColumnsOffThread', () => {
  it.each<[string, GrepPattern]>([
    ['a fixed string', { kind: 'fixed', text: 'http', ignoreCase: false }],
    ['a fixed string, any case', { kind: 'fixed', text: 'HTTP', ignoreCase: true }],
    ['a regular expression', { kind: 'regex', source: '[0-9a-f]{12}', ignoreCase: false }],
    ['hex bytes', { kind: 'hex', hex: '2f 76 31' }],
    ['the credential patterns', { kind: 'secrets' }],
  ])('finds what the calling thread finds, in the same order: %s', async (_, pattern) => {
    const want = onThisThread(spec(pattern));
    const got: GrepMatch[] = [];
    const r = await grepColumnsOffThread(ev.db, ev.snapshot.dbCopyPath, spec(pattern), (m) => got.push(m));
    expect(r).toEqual({ columns: want.columns, values: want.values });
    expect(got).toEqual(want.matches);
    if (pattern.kind !== 'secrets') expect(got.length).toBeGreaterThan(0);
  });

  it('rejects with a named error when the scratch copy cannot be opened', async () => {
    const missing = join(root, 'no-such-copy.db');
    await expect(grepColumnsOffThread(ev.db, missing, spec({ kind: 'secrets' }), () => undefined)).rejects.toMatchObject({
      code: expect.stringMatching(/^[A-Z_]+$/),
    });
  });
});

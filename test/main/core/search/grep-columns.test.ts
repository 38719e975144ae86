// Several patterns in one read of the text columns: each finds exactly the matches it finds alone, tagged with its
// index, and fixed strings together still let SQLite pass over the rows that hold none of them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import { grepColumns } from '../../../../src/main/core/search/grep-columns.js';
import type { GrepMatch, GrepPattern, GrepSpec } from '../../../../src/main/core/match/grep-types.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';

const root = mkdtempSync(join(tmpdir(), 'grep-columns-'));
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

const spec = (patterns: GrepPattern[]): GrepSpec => ({ patterns, table: null, direction: null, maxPerBody: 100, contextBytes: 16 });

function grep(s: GrepSpec): { matches: GrepMatch[]; values: number } {
  const matches: GrepMatch[] = [];
  const r = grepColumns(ev.db, s, (m) => matches.push(m) > 0);
  return { matches, values: r.values };
}

/** A match's place and what it names, in one line, for comparing as sets. */
const key = (m: GrepMatch): string =>
  `${m.patternIndex ?? '-'} ${JSON.stringify(m.source)} ${m.eventId} @${m.offset}+${m.length} ${m.pattern ?? ''}`;

describe('grepColumns with several patterns', () => {
  it.each<[string, GrepPattern[]]>([
    [
      'fixed strings',
      [
        { kind: 'fixed', text: 'http', ignoreCase: false },
        { kind: 'fixed', text: 'JSON', ignoreCase: true },
      ],
    ],
    [
      'a fixed string, a regular expression and the credential patterns',
      [
        { kind: 'fixed', text: 'http', ignoreCase: false },
        { kind: 'regex', source: '[0-9a-f]{12}', ignoreCase: false },
        { kind: 'secrets' },
      ],
    ],
  ])('finds what each finds alone, tagged with its index: %s', (_, patterns) => {
    const together = grep(spec(patterns));
    const alone = patterns.map((p) => grep(spec([p])));
    expect(together.matches.map(key).sort()).toEqual(alone.flatMap((a, i) => a.matches.map((m) => key({ ...m, patternIndex: i }))).sort());
    expect(alone.every((a) => a.matches.every((m) => m.patternIndex === undefined))).toBe(true);
    expect(together.matches.length).toBeGreaterThan(0);
    // Each value is read once for all the patterns: never more values than the patterns read apart.
    expect(together.values).toBeLessThanOrEqual(alone.reduce((n, a) => n + a.values, 0));
    if (patterns.every((p) => p.kind === 'fixed'))
      expect(together.values).toBeLessThan(grep(spec([{ kind: 'regex', source: 'x', ignoreCase: false }])).values);
  });
});

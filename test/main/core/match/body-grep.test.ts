// A match longer than what one window of the bounded regex scan holds is reported cut, and says so: its length is
// where the scan cut it, not where the match ends (issue 35).
import { describe, expect, it } from 'vitest';
import { BodyGrep } from '../../../../src/main/core/match/body-grep.js';
import type { GrepMatch, GrepSpec } from '../../../../src/main/core/match/grep-types.js';

const spec = (source: string): GrepSpec => ({
  pattern: { kind: 'regex', source, ignoreCase: false },
  table: null,
  direction: null,
  maxPerBody: 100,
  contextBytes: 8,
});

function grep(source: string, body: Uint8Array): GrepMatch[] {
  const out: GrepMatch[] = [];
  const g = new BodyGrep(spec(source), (m) => out.push(...m));
  g.search(body, () => ({ eventId: 'e1', sourceTable: 'http_events', direction: 'response' }));
  g.flush();
  return out;
}

describe('BodyGrep', () => {
  it('marks a match that runs on past its window as cut, and a whole one not', () => {
    const long = grep('a+', Buffer.from(`x${'a'.repeat(1 << 20)}y`));
    expect(long[0]).toMatchObject({ offset: 1, cut: true });
    expect(long[0]!.length).toBeLessThan(1 << 20);
    const short = grep('a+', Buffer.from('xaaay'));
    expect(short).toHaveLength(1);
    expect(short[0]).toMatchObject({ offset: 1, length: 3 });
    expect(short[0]!.cut).toBeUndefined();
  });
});

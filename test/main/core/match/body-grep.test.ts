// A match longer than what one window of the bounded regex scan holds is reported cut, and says so: its length is
// where the scan cut it, not where the match ends (issue 35).
import { describe, expect, it } from 'vitest';
import { BodyGrep } from '../../../../src/main/core/match/body-grep.js';
import type { GrepMatch, GrepSpec } from '../../../../src/main/core/match/grep-types.js';

const spec = (source: string): GrepSpec => ({
  patterns: [{ kind: 'regex', source, ignoreCase: false }],
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

describe('BodyGrep with several patterns', () => {
  const several: GrepSpec = {
    patterns: [{ kind: 'fixed', text: 'ab', ignoreCase: false }, { kind: 'regex', source: 'b+c', ignoreCase: false }, { kind: 'secrets' }],
    table: null,
    direction: null,
    maxPerBody: 2,
    contextBytes: 4,
  };
  const key = () => ({ eventId: 'e1', sourceTable: 'http_events', direction: 'response' });

  it('names the pattern of each match and caps each pattern per body on its own', () => {
    const out: GrepMatch[] = [];
    const g = new BodyGrep(several, (m) => out.push(...m));
    g.search(Buffer.from('ab bc ab bbc ab bc'), key);
    g.flush();
    expect(out.map((m) => [m.patternIndex, m.offset, m.match])).toEqual([
      [0, 0, 'ab'],
      [0, 6, 'ab'],
      [1, 3, 'bc'],
      [1, 9, 'bbc'],
    ]);
  });

  it('finds in a block what each pattern alone finds, tagged by its index', () => {
    const raw = Buffer.from('xx ab bc yy abbc');
    const alone = several.patterns.map((pattern) => {
      const out: GrepMatch[] = [];
      const g = new BodyGrep({ ...several, patterns: [pattern] }, (m) => out.push(...m));
      g.searchInBlock(raw, 3, raw.length - 3, { blockOffset: 0 } as never, key);
      g.flush();
      expect(out.every((m) => m.patternIndex === undefined)).toBe(true);
      return out;
    });
    const out: GrepMatch[] = [];
    const g = new BodyGrep(several, (m) => out.push(...m));
    g.searchInBlock(raw, 3, raw.length - 3, { blockOffset: 0 } as never, key);
    g.flush();
    expect(out).toEqual(alone.flatMap((ms, i) => ms.map((m) => ({ ...m, patternIndex: i }))));
  });
});

// grep's output line says when a match was cut at its window, so its length is not read as the match's own.
import { describe, expect, it } from 'vitest';
import { matchLine } from '../../../src/cli/text/grep-lines.js';
import { styleFor } from '../../../src/cli/text/style.js';
import type { GrepMatch } from '../../../src/main/core/match/grep-types.js';

const match: GrepMatch = {
  eventId: 'e1',
  source: { kind: 'body', sourceTable: 'http_events', direction: 'response' },
  offset: 4,
  length: 2048,
  before: 'x',
  match: 'aaaa',
  after: '',
};

describe('matchLine', () => {
  it('adds the cut note only to a cut match', () => {
    const plain = styleFor(false);
    expect(matchLine(match, plain)).toBe('e1 http_events/response 4  xaaaa\n');
    expect(matchLine({ ...match, cut: true }, plain)).toBe(
      'e1 http_events/response 4  xaaaa  (match cut at 2048 bytes: it runs on past what one window holds)\n',
    );
  });
});

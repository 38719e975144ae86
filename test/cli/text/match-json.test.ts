// grep and hunt say where a match is with the same fields, each keeping its own name for a body's table.
import { describe, expect, it } from 'vitest';
import { matchPlaceJson } from '../../../src/cli/text/match-json.js';
import type { GrepMatch } from '../../../src/main/core/match/grep-types.js';

const inBody: GrepMatch = {
  eventId: 'e1',
  source: { kind: 'body', sourceTable: 'http_events', direction: 'response' },
  offset: 4,
  length: 3,
  before: '',
  match: 'abc',
  after: '',
};
const inColumn: GrepMatch = { ...inBody, source: { kind: 'column', table: 'exec_events', column: 'command', rowid: 7 } };

describe('matchPlaceJson', () => {
  it("names a body's table as the caller's scripts read it, and a column by table, column and rowid", () => {
    expect(matchPlaceJson(inBody, 'sourceTable')).toEqual({
      in: 'body',
      eventId: 'e1',
      sourceTable: 'http_events',
      direction: 'response',
      offset: 4,
      length: 3,
    });
    expect(matchPlaceJson(inBody, 'table')).toMatchObject({ table: 'http_events', direction: 'response' });
    expect(matchPlaceJson(inColumn, 'sourceTable')).toEqual({
      in: 'column',
      eventId: 'e1',
      table: 'exec_events',
      column: 'command',
      rowid: 7,
      offset: 4,
      length: 3,
    });
  });

  it('marks a cut match, and only a cut one', () => {
    expect(matchPlaceJson({ ...inBody, cut: true }, 'table')).toMatchObject({ cut: true });
    expect(matchPlaceJson(inBody, 'table')).not.toHaveProperty('cut');
  });
});

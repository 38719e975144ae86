import { describe, expect, it } from 'vitest';
import type { Route } from '../../src/renderer/src/router.js';
import { href, parseHash } from '../../src/renderer/src/router.js';
import { filterInputText, parseFilterInput } from '../../src/renderer/src/components/filter-syntax.js';
import { uploadName } from '../../src/renderer/src/api/http-transport.js';

describe('hash routes', () => {
  const routes: Route[] = [
    { view: 'start' },
    { view: 'overview', ev: 'abc-1' },
    {
      view: 'tables',
      ev: 'abc-1',
      table: 'net_events',
      sort: { column: 'timestamp', direction: 'desc' },
      filters: [
        { column: 'domain', op: 'contains', value: 'a~b c' },
        { column: 'pid', op: 'null' },
      ],
    },
    { view: 'row', ev: 'abc-1', table: 'model_calls', rowid: 42, body: { sourceTable: 'model_calls', direction: 'response' }, mode: 'sse' },
    { view: 'event', ev: 'abc-1', eventId: '0123456789ab', body: null, mode: null },
    { view: 'event', ev: 'abc-1', eventId: 'e2', body: { sourceTable: 'net_events', direction: 'request' }, mode: 'text' },
    { view: 'event', ev: 'abc-1', eventId: 'e3', body: { sourceTable: 'net_events', direction: 'request' }, mode: null },
    { view: 'integrity', ev: 'abc-1' },
    { view: 'decisions', ev: 'abc-1', event: null },
    // A hostile event id (spaces, &, #, ?) survives the round trip.
    { view: 'decisions', ev: 'abc-1', event: 'e 1&x=#?' },
    { view: 'sql', ev: 'abc-1', canned: 'archive-health' },
    { view: 'sql', ev: 'abc-1', canned: null, sql: "SELECT * FROM net_events WHERE domain = 'a&b' -- #?" },
    { view: 'search', ev: 'abc-1', q: 'trace 1/2' },
    { view: 'file-history', ev: 'abc-1', path: null },
    // A path holds slashes of its own, and a hostile one any character: it rides in the query and round-trips.
    { view: 'file-history', ev: 'abc-1', path: '/workspace/a b/c&d=#?%.ts' },
  ];
  it.each(routes.map((r) => [r.view, r] as const))('round-trips the %s route', (_v, r) => {
    expect(parseHash(href(r))).toEqual(r);
  });
  it('writes a view only with a body, and an unchosen view as none', () => {
    expect(href({ view: 'event', ev: 'a', eventId: 'e', body: null, mode: 'text' })).toBe('#/e/a/event/e');
    expect(href({ view: 'row', ev: 'a', table: 't', rowid: 1, body: { sourceTable: 't', direction: 'response' }, mode: null })).toBe(
      '#/e/a/row/t/1?body=t%2Fresponse',
    );
    expect(parseHash('#/e/a/row/t/1?body=t/response&view=image')).toMatchObject({ mode: 'image' });
  });
  it('falls back to Start or Overview on unknown shapes', () => {
    expect(parseHash('#/nonsense')).toEqual({ view: 'start' });
    expect(parseHash('#/e/x/row/t/notanumber')).toEqual({ view: 'overview', ev: 'x' });
  });
});

describe('filter box syntax', () => {
  it.each([
    ['abc', { column: 'c', op: 'contains', value: 'abc' }],
    ['=5', { column: 'c', op: 'eq', value: 5 }],
    ['>=10', { column: 'c', op: 'gte', value: 10 }],
    ['^api.', { column: 'c', op: 'prefix', value: 'api.' }],
    ['!=x', { column: 'c', op: 'neq', value: 'x' }],
    ['null', { column: 'c', op: 'null' }],
    ['!null', { column: 'c', op: 'notnull' }],
  ])('%s', (text, want) => {
    const f = parseFilterInput('c', text, true);
    expect(f).toEqual(want);
    expect(parseFilterInput('c', filterInputText(f!), true)).toEqual(want);
  });
});

describe('upload names', () => {
  it('places v3 generation files under session.bodies/ and keeps the rest by name', () => {
    expect(uploadName({ name: 'g-22700000000040008000000000000001.cbl' })).toBe('session.bodies/g-22700000000040008000000000000001.cbl');
    expect(uploadName({ name: 'x', relativePath: 'session.bodies/g-22700000000040008000000000000001.cbl' })).toBe(
      'session.bodies/g-22700000000040008000000000000001.cbl',
    );
    expect(uploadName({ name: 'session.db-wal' })).toBe('session.db-wal');
  });
});

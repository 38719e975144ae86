import { describe, expect, it } from 'vitest';
import { CHANNELS, isChannel, validateRequest } from '../../../src/shared/contract.js';
import { RENDERER_CSP } from '../../../src/shared/contract/csp.js';

describe('the contract argument guards (shared by both transports)', () => {
  it('names every channel once and recognises only those', () => {
    expect(new Set(CHANNELS).size).toBe(CHANNELS.length);
    for (const c of [
      'evidence.list',
      'overview',
      'tables.page',
      'event.get',
      'body.window',
      'body.save',
      'integrity.report',
      'jobs.verify.start',
      'jobs.cancel',
      'sql.run',
      'sql.cancel',
      'sql.canned',
      'search',
      'egress.report',
      'decisions.report',
      'decisions.chain',
      'files.paths',
      'files.history',
      'case.list',
      'case.add',
    ])
      expect(isChannel(c)).toBe(true);
    expect(isChannel('constructor')).toBe(false);
    expect(isChannel('__proto__')).toBe(false);
  });

  it.each([
    ['overview', { evidenceId: '/etc/passwd' }, /evidenceId does not have the expected form/],
    ['overview', { evidenceId: '..\\..\\x' }, /expected form/],
    ['overview', {}, /evidenceId is required/],
    ['overview', null, /must be an object/],
    ['tables.page', { evidenceId: 'a', table: 'x; DROP TABLE y' }, /table does not have the expected form/],
    ['tables.page', { evidenceId: 'a', table: 't', limit: 100000 }, /limit must be between 1 and 1000/],
    [
      'tables.page',
      { evidenceId: 'a', table: 't', after: { value: 1, rowid: 1 }, before: { value: 1, rowid: 2 } },
      /after or before, not both/,
    ],
    ['tables.page', { evidenceId: 'a', table: 't', filters: [{ column: 'c', op: 'like', value: '%' }] }, /op must be one of/],
    ['event.get', { evidenceId: 'a', table: 't' }, /either table and rowid, or eventId/],
    [
      'body.window',
      { evidenceId: 'a', key: { eventId: 'e', sourceTable: 't', direction: 'd' }, offset: 0, length: 2 * 1024 * 1024 },
      /length must be between/,
    ],
    ['sql.run', { evidenceId: 'a', runId: 'r', sql: 'SELECT 1', params: { 'x-y': 1 } }, /is not a parameter name/],
    ['sql.run', { evidenceId: 'a', runId: 'r', sql: 'SELECT 1', deadlineMs: 10 }, /deadlineMs must be between/],
    ['search', { evidenceId: 'a', query: 'x', kinds: ['path'] }, /must be one of/],
    ['case.add', { evidenceId: 'a', eventId: 'e', tag: 'Not Ok' }, /tag does not have the expected form/],
    ['case.add', { evidenceId: 'a', eventId: 'e', tag: 'ok', body: { direction: 'response', range: [9, 2] } }, /range/],
    ['case.add', { evidenceId: 'a', eventId: 'e', tag: 'ok', note: 'x'.repeat(10_001) }, /note must be at most/],
    ['case.list', { evidenceId: 'a', casePath: '/tmp/x' }, /casePath is not an accepted field/],
  ] as const)('refuses %s %j', (channel, arg, why) => {
    const r = validateRequest(channel, arg);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('BAD_REQUEST');
      expect(r.error.message).toMatch(why);
    }
  });

  it('accepts well-formed arguments and keeps only the named fields', () => {
    const r = validateRequest('tables.page', {
      evidenceId: 'ev-1',
      table: 'net_events',
      sort: { column: 'timestamp', direction: 'desc' },
      filters: [{ column: 'domain', op: 'contains', value: 'x' }],
      after: { value: { int: '9223372036854775807' }, rowid: 5 },
      limit: 50,
    });
    expect(r).toEqual({
      ok: true,
      value: {
        evidenceId: 'ev-1',
        table: 'net_events',
        sort: { column: 'timestamp', direction: 'desc' },
        filters: [{ column: 'domain', op: 'contains', value: 'x' }],
        after: { value: { int: '9223372036854775807' }, rowid: 5 },
        limit: 50,
      },
    });
    expect(validateRequest('evidence.list', null).ok).toBe(true);
    expect(validateRequest('event.get', { evidenceId: 'a', eventId: '0123456789ab' }).ok).toBe(true);
  });

  it('has a CSP without inline script or eval and with no framing', () => {
    expect(RENDERER_CSP).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(RENDERER_CSP).toMatch(/frame-ancestors 'none'/);
    expect(RENDERER_CSP).toMatch(/require-trusted-types-for 'script'/);
  });
});

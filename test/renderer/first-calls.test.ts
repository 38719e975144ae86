import { afterEach, describe, expect, it, vi } from 'vitest';
import { callKey, startEarly, takeArrived, takeEarly } from '../../src/renderer/src/api/early-calls.js';
import { FIRST_PAGE_ROWS, firstCalls, firstPageRequest } from '../../src/renderer/src/api/first-calls.js';
import { parseHash } from '../../src/renderer/src/router.js';

describe("the first view's calls, from the URL alone", () => {
  it("asks for the overview and the app frame's lists on an overview route", () => {
    expect(firstCalls(parseHash('#/e/ev-1/overview'))).toEqual([
      { channel: 'overview', arg: { evidenceId: 'ev-1' } },
      { channel: 'evidence.list', arg: null },
      { channel: 'library.list', arg: null },
    ]);
  });

  it("asks for the tables' schema, their counts and the exact first page the keyset window asks for, sort and filters included", () => {
    const route = parseHash('#/e/ev-1/tables/net_events?sort=timestamp.desc&f=domain~contains~a');
    if (route.view !== 'tables') throw new Error(route.view);
    const calls = firstCalls(route);
    expect(calls.map((c) => c.channel)).toEqual(['tables.schema', 'tables.list', 'tables.page', 'evidence.list', 'library.list']);
    const page = calls[2]!.arg;
    expect(page).toEqual(firstPageRequest('ev-1', 'net_events', route.sort, route.filters));
    expect(page).toEqual({
      evidenceId: 'ev-1',
      table: 'net_events',
      sort: { column: 'timestamp', direction: 'desc' },
      filters: route.filters,
      limit: FIRST_PAGE_ROWS,
    });
    expect(route.filters.length).toBe(1);
  });

  it("leaves sort and filters out of the page request when there are none (the key must match the view's)", () => {
    expect(callKey('tables.page', firstPageRequest('e', 't', null, []))).toBe(
      callKey('tables.page', { evidenceId: 'e', table: 't', limit: FIRST_PAGE_ROWS }),
    );
  });

  it("asks for no page without a table, and only the frame's lists elsewhere", () => {
    expect(firstCalls(parseHash('#/e/ev-1/tables')).map((c) => c.channel)).toEqual([
      'tables.schema',
      'tables.list',
      'evidence.list',
      'library.list',
    ]);
    expect(firstCalls(parseHash('#/')).map((c) => c.channel)).toEqual(['evidence.list', 'library.list']);
    expect(firstCalls(parseHash('#/e/ev-1/integrity')).map((c) => c.channel)).toEqual(['evidence.list', 'library.list']);
  });
});

describe('early calls', () => {
  afterEach(() => vi.useRealTimers());

  it('hands an early answer to the first identical call only', async () => {
    const call = vi.fn(async () => ({ ok: true as const, value: [] }));
    startEarly('evidence.list', null, call);
    startEarly('evidence.list', null, call);
    expect(call).toHaveBeenCalledTimes(1);
    expect(takeEarly('library.list', null)).toBeUndefined();
    const p = takeEarly('evidence.list', null);
    expect(await p).toEqual({ ok: true, value: [] });
    expect(takeEarly('evidence.list', null)).toBeUndefined();
  });

  it('gives an arrived answer synchronously, once, and nothing before it has arrived', async () => {
    let answer: (v: { ok: true; value: null }) => void = () => undefined;
    startEarly('sql.canned', null, () => new Promise((r) => (answer = r as typeof answer)) as never);
    expect(takeArrived('sql.canned', null)).toBeUndefined();
    answer({ ok: true, value: null });
    await new Promise((r) => setTimeout(r, 0));
    expect(takeArrived('sql.canned', null)).toEqual({ ok: true, value: null });
    expect(takeArrived('sql.canned', null)).toBeUndefined();
    expect(takeEarly('sql.canned', null)).toBeUndefined();
  });

  it('drops an answer nobody took', async () => {
    vi.useFakeTimers();
    startEarly('overview', { evidenceId: 'x' }, async () => ({ ok: true as const, value: null as never }));
    await vi.advanceTimersByTimeAsync(30_001);
    expect(takeEarly('overview', { evidenceId: 'x' })).toBeUndefined();
  });
});

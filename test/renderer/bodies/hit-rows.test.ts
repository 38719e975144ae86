// A search match's byte span found among the body view's rows, and carried in the event route (at=offset+length).
import { describe, expect, it } from 'vitest';
import { hitRows } from '../../../src/renderer/src/bodies/hit-rows.js';
import { textRows, WRAP } from '../../../src/renderer/src/bodies/text-decoder.js';
import { href, parseHash } from '../../../src/renderer/src/router.js';

const te = new TextEncoder();

describe('hit rows', () => {
  const body = te.encode(`first line\n${'x'.repeat(WRAP * 2 + 10)}\nneedle here\nlast\n`);
  const rows = textRows(body);

  it('finds the text row a span starts in, and the rows it runs through', () => {
    const at = Buffer.from(body).indexOf('needle');
    const hit = hitRows(rows, { offset: at, length: 6 }, null);
    expect(rows[hit.first]!.offset).toBeLessThanOrEqual(at);
    expect(hit.last).toBe(hit.first);
    expect(rows[hit.first]!.pieces.map((p) => p.s).join('')).toContain('needle');
    // A span across a wrapped line's rows covers every row it touches.
    const wide = hitRows(rows, { offset: 12, length: WRAP + 5 }, null);
    expect(wide.last).toBe(wide.first + 1);
  });

  it('counts hex rows by width, and says when the rows do not reach the span yet', () => {
    expect(hitRows(new Array(10).fill({ offset: null, pieces: [], cont: false }), { offset: 40, length: 10 }, 16)).toEqual({
      first: 2,
      last: 3,
    });
    expect(hitRows(rows.slice(0, 1), { offset: 5000, length: 3 }, 16)).toEqual({ first: -1, last: -1 });
  });

  it('round-trips the span in the event route and ignores a malformed one', () => {
    const r = {
      view: 'event',
      ev: 'abc-1',
      eventId: '0123456789ab',
      body: { sourceTable: 'net_events', direction: 'request' },
      mode: null,
      at: { offset: 4833, length: 8 },
    } as const;
    expect(href(r)).toContain('at=4833%2B8');
    expect(parseHash(href(r))).toEqual(r);
    expect(parseHash('#/e/abc-1/event/0123456789ab?at=x%2B1')).toEqual({
      view: 'event',
      ev: 'abc-1',
      eventId: '0123456789ab',
      body: null,
      mode: null,
    });
  });
});

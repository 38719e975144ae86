// The swimlanes binned on the server, against plain SQL on the fixture: every matching call is in exactly one bin of
// its tool's lane (sum of bins = COUNT(*)), each bin holds the calls whose start falls in it, the flagged counts are the
// calls the lifecycle rows flag, and one trace's lanes are the same through the trace keys as without them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecyclePage } from '../../../../src/main/core/lifecycle/calls.js';
import { CALL_MS_SQL, LANE_BAR_PX, laneBins } from '../../../../src/main/core/lifecycle/lanes.js';
import { openHardened } from '../../../../src/main/core/evidence/open-hardened.js';
import { scanTraceKeys } from '../../../../src/main/core/traces/trace-keys-scan.js';
import { seedTraceKeys } from '../../../../src/main/core/traces/trace-keys.js';
import { restrictTables } from '../../../../src/main/core/queries/schema.js';
import type { OpenedFixture } from '../graph/fixture-ledger.js';
import { openFixture, rowsOf } from '../graph/fixture-ledger.js';

const root = mkdtempSync(join(tmpdir(), 'lanes-test-'));
let fx: OpenedFixture;
beforeAll(async () => {
  fx = await openFixture(root, 'a4', { seed: 5 });
});
afterAll(() => {
  fx?.close();
  rmSync(root, { recursive: true, force: true });
});

const sqlBins = (from: number, binMs: number, bins: number, to: number, where = '1', ...params: unknown[]): Map<string, number> =>
  new Map(
    rowsOf<{ tool: string; b: number; n: number }>(
      fx,
      `SELECT tool_name AS tool, MIN(CAST((${CALL_MS_SQL} - ?) / ? AS INTEGER), ?) AS b, COUNT(*) AS n FROM tool_calls t
       WHERE ${CALL_MS_SQL} >= ? AND ${CALL_MS_SQL} < ? AND ${where} GROUP BY 1, 2`,
      from,
      binMs,
      bins - 1,
      from,
      to,
      ...params,
    ).map((r) => [`${r.tool}:${r.b}`, r.n]),
  );

const ours = (l: ReturnType<typeof laneBins>): Map<string, number> =>
  new Map(l.lanes.flatMap((lane) => lane.bins.map(([b, n]) => [`${lane.tool}:${b}`, n] as [string, number])));

describe('swimlane bins', () => {
  it('puts every call of the session in one bin of its lane, as COUNT(*) per bin does', () => {
    const whole = laneBins(fx.evidence.db, { width: 600 });
    const timed = rowsOf<{ n: number }>(fx, `SELECT COUNT(*) AS n FROM tool_calls t WHERE ${CALL_MS_SQL} IS NOT NULL`)[0]!.n;
    expect(timed).toBeGreaterThan(0);
    expect(whole.calls).toBe(timed);
    expect(whole.lanes.reduce((n, l) => n + l.bins.reduce((m, b) => m + b[1], 0), 0)).toBe(timed);
    expect(whole.bins).toBe(600 / LANE_BAR_PX);
    expect(ours(whole)).toEqual(sqlBins(whole.from, whole.binMs, whole.bins, whole.to));
    // A zoomed range: only the calls starting in it, binned anew.
    const mid = (whole.from + whole.to) / 2;
    const z = laneBins(fx.evidence.db, { width: 300, from: mid - (whole.to - whole.from) / 8, to: mid + (whole.to - whole.from) / 8 });
    expect(ours(z)).toEqual(sqlBins(z.from, z.binMs, z.bins, z.to));
    expect(z.calls).toBeLessThan(whole.calls);
  });

  it('counts the flagged calls the lifecycle rows flag, and sends each call when few are in range', () => {
    const rows = lifecyclePage(fx.evidence.db, { limit: 1000 }).rows;
    const whole = laneBins(fx.evidence.db, { width: 400 });
    expect(whole.lanes.reduce((n, l) => n + l.flagged, 0)).toBe(
      rows.filter((r) => r.timestamp && (r.orphan || r.mcpWithoutLogicalCall)).length,
    );
    expect(whole.points?.map((p) => p.id).sort((a, b) => a - b)).toEqual(rows.filter((r) => r.timestamp).map((r) => r.id));
  });

  it('bins one trace’s calls, the same with and without the trace keys', () => {
    const traces = rowsOf<{ t: string; n: number }>(
      fx,
      'SELECT trace_id AS t, COUNT(*) AS n FROM tool_calls WHERE trace_id IS NOT NULL GROUP BY 1',
    );
    const keyed = openHardened(fx.evidence.snapshot.dbCopyPath);
    try {
      restrictTables(keyed, fx.evidence.tables.keys());
      seedTraceKeys(keyed, scanTraceKeys(keyed));
      for (const { t, n } of traces) {
        const plain = laneBins(fx.evidence.db, { width: 500, filters: { trace: t } });
        expect(plain.lanes.reduce((m, l) => m + l.calls, 0) + plain.untimed).toBe(n);
        expect(ours(plain)).toEqual(sqlBins(plain.from, plain.binMs, plain.bins, plain.to, 't.trace_id = ?', t));
        expect(laneBins(keyed, { width: 500, filters: { trace: t } })).toEqual(plain);
      }
    } finally {
      keyed.close();
    }
  });

  it('pages the call list from any place along the order (go to call N), as plain SQL numbers the rows', () => {
    for (const filters of [undefined, { tool: rowsOf<{ t: string }>(fx, 'SELECT tool_name AS t FROM tool_calls LIMIT 1')[0]!.t }]) {
      const where = filters ? 'WHERE tool_name = ?' : '';
      const ids = rowsOf<{ id: number }>(fx, `SELECT id FROM tool_calls ${where} ORDER BY id`, ...(filters ? [filters.tool] : [])).map(
        (r) => r.id,
      );
      for (const n of [0, 1, Math.floor(ids.length / 2), ids.length - 2]) {
        const p = lifecyclePage(fx.evidence.db, { ...(filters ? { filters } : {}), position: n, limit: 4 });
        expect(p.position).toBe(n);
        expect(p.rows.map((r) => r.id)).toEqual(ids.slice(n, n + 4));
      }
    }
  });
});

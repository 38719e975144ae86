// Tool lifecycles on the fixture session: one row per tool call, flags and counts equal to the integrity report.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecyclePage } from '../../../../src/main/core/lifecycle/calls.js';
import { lifecycleSummary } from '../../../../src/main/core/lifecycle/summary.js';
import { laneBins } from '../../../../src/main/core/lifecycle/lanes.js';
import type { OpenedFixture } from '../graph/fixture-ledger.js';
import { openFixture, rowsOf } from '../graph/fixture-ledger.js';
import { openHardened } from '../../../../src/main/core/evidence/open-hardened.js';
import { scanTraceKeys } from '../../../../src/main/core/traces/trace-keys-scan.js';
import { seedTraceKeys } from '../../../../src/main/core/traces/trace-keys.js';
import { restrictTables } from '../../../../src/main/core/queries/schema.js';

const root = mkdtempSync(join(tmpdir(), 'lifecycle-test-'));
let fx: OpenedFixture;
beforeAll(async () => {
  fx = await openFixture(root, 'a4', { seed: 5 });
});
afterAll(() => {
  fx?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('tool lifecycles', () => {
  it('has one row per tool call with the report’s orphan and MCP flags', () => {
    const page = lifecyclePage(fx.evidence.db, { limit: 1000 });
    expect(page.total).toBe(fx.report.tools.calls);
    expect(page.rows.map((r) => r.id)).toEqual(rowsOf<{ id: number }>(fx, 'SELECT id FROM tool_calls ORDER BY id').map((r) => r.id));
    expect(page.rows.filter((r) => r.orphan).length).toBe(fx.report.tools.orphanCalls);
    expect(page.rows.filter((r) => r.mcpWithoutLogicalCall).length).toBe(fx.report.tools.mcpWithoutLogicalCall);
    expect(page.nextAfter).toBeNull();
    // Call 1 is answered by response 1 and consumed by model call 2; the last call of the session never is.
    const first = page.rows[0]!;
    expect([first.modelCallId, first.responses, first.consumedBy, first.orphan, first.origin]).toEqual([1, 1, [2], false, 'native']);
    const last = page.rows[page.rows.length - 1]!;
    expect([last.orphan, last.responses, last.consumedBy]).toEqual([true, 0, []]);
    const mcp = page.rows.find((r) => r.origin === 'mcp' && r.modelCallId !== null)!;
    expect([mcp.serverName, mcp.method, mcp.transport]).toEqual(['github', 'tools/call', 'http']);
  });

  it('pages by rowid and filters by origin, tool and flags', () => {
    const a = lifecyclePage(fx.evidence.db, { limit: 3 });
    const b = lifecyclePage(fx.evidence.db, { limit: 3, after: a.nextAfter! });
    expect([...a.rows, ...b.rows].map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6]);
    const mcp = lifecyclePage(fx.evidence.db, { filters: { origin: 'mcp' } });
    expect(mcp.total).toBe(2);
    expect(mcp.rows.every((r) => r.origin === 'mcp')).toBe(true);
    expect(lifecyclePage(fx.evidence.db, { filters: { tool: 'bash' } }).total).toBe(5);
    const flagged = lifecyclePage(fx.evidence.db, { filters: { flaggedOnly: true } });
    expect(flagged.rows.every((r) => r.orphan || r.mcpWithoutLogicalCall)).toBe(true);
    expect(flagged.total).toBe(2);
  });

  it('filters by trace and by turn, from the ledger or from the trace keys', () => {
    const [one] = rowsOf<{ trace_id: string; turn_id: string }>(
      fx,
      'SELECT trace_id, turn_id FROM tool_calls WHERE trace_id IS NOT NULL ORDER BY id LIMIT 1',
    );
    const inTrace = rowsOf<{ id: number }>(fx, 'SELECT id FROM tool_calls WHERE trace_id = ? ORDER BY id', one!.trace_id).map((r) => r.id);
    const inTurn = rowsOf<{ id: number }>(fx, 'SELECT id FROM tool_calls WHERE turn_id = ? ORDER BY id', one!.turn_id).map((r) => r.id);
    expect(inTurn.length).toBeLessThan(inTrace.length);
    expect(lifecyclePage(fx.evidence.db, { filters: { trace: one!.trace_id } }).rows.map((r) => r.id)).toEqual(inTrace);
    expect(lifecyclePage(fx.evidence.db, { filters: { turn: one!.turn_id } }).rows.map((r) => r.id)).toEqual(inTurn);
    expect(
      laneBins(fx.evidence.db, { filters: { trace: one!.trace_id }, width: 1000 })
        .points?.map((p) => p.id)
        .sort((a, b) => a - b),
    ).toEqual(inTrace);
    const keyed = openHardened(fx.evidence.snapshot.dbCopyPath);
    try {
      restrictTables(keyed, fx.evidence.tables.keys());
      seedTraceKeys(keyed, scanTraceKeys(keyed));
      expect(lifecyclePage(keyed, { filters: { trace: one!.trace_id } }).rows.map((r) => r.id)).toEqual(inTrace);
      // Flags and responses found through the keys' narrowed lists are the report's, on every trace.
      for (const trace of rowsOf<{ t: string }>(fx, 'SELECT DISTINCT trace_id AS t FROM tool_calls WHERE trace_id IS NOT NULL').map(
        (r) => r.t,
      )) {
        expect(lifecyclePage(keyed, { filters: { trace } })).toEqual(lifecyclePage(fx.evidence.db, { filters: { trace } }));
        expect(laneBins(keyed, { filters: { trace }, width: 1000 })).toEqual(laneBins(fx.evidence.db, { filters: { trace }, width: 1000 }));
        expect(lifecyclePage(keyed, { filters: { trace, flaggedOnly: true } })).toEqual(
          lifecyclePage(fx.evidence.db, { filters: { trace, flaggedOnly: true } }),
        );
      }
      expect(lifecyclePage(keyed, { filters: { trace: 'no-such-trace' } }).total).toBe(0);
    } finally {
      keyed.close();
    }
  });

  it('summarises with the report’s own numbers and usage table', () => {
    const s = lifecycleSummary(fx.evidence.db);
    const t = fx.report.tools;
    expect([s.calls, s.responses, s.orphanCalls, s.orphanCallsByCallId, s.orphanResponses, s.mcpWithoutLogicalCall]).toEqual([
      t.calls,
      t.responses,
      t.orphanCalls,
      t.orphanCallsByCallId,
      t.orphanResponses,
      t.mcpWithoutLogicalCall,
    ]);
    expect(s.usage.map((u) => [u.toolName, u.origin, u.decision, u.count])).toEqual(
      t.usage.map((u) => [u.toolName, u.origin, u.decision, u.count]),
    );
    expect(s.orphanResponseRows.map((r) => r.id)).toEqual([5]);
    expect(s.values.origins).toEqual(['mcp', 'native']);
    expect(s.values.tools).toEqual(['bash', 'search_issues', 'tools/list']);
  });

  it('gives the lanes every call with its time and duration', () => {
    const lanes = laneBins(fx.evidence.db, { width: 1000 });
    expect(lanes.points?.length).toBe(fx.report.tools.calls);
    expect(lanes.points?.every((p) => typeof p.t === 'number')).toBe(true);
    expect(lanes.points?.filter((p) => p.flagged).length).toBe(2);
  });
});

// Find within a trace (find.ts) and where a row is drawn (locate.ts), on the fixture session with broken joins added,
// read both with the trace keys and by the ledger's own queries: find returns exactly the trace's rows whose shown text
// holds the query (case folded), in the trace's turn order, each naming a node some page of the graph draws; locate
// names, for every row-backed node of every page, a model call whose page draws that node.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHardened } from '../../../../src/main/core/evidence/open-hardened.js';
import { findInTrace } from '../../../../src/main/core/graph/find.js';
import { locateInTrace } from '../../../../src/main/core/graph/locate.js';
import { buildTraceGraph } from '../../../../src/main/core/graph/trace-graph.js';
import { scanTraceKeys } from '../../../../src/main/core/traces/trace-keys-scan.js';
import { seedTraceKeys } from '../../../../src/main/core/traces/trace-keys.js';
import { listTraces } from '../../../../src/main/core/traces/traces.js';
import { restrictTables } from '../../../../src/main/core/queries/schema.js';
import type { GraphNode } from '../../../../src/shared/contract/graph.js';
import { plantBrokenJoins } from '../traces/broken-joins-fixture.js';
import type { OpenedFixture } from './fixture-ledger.js';
import { openFixture } from './fixture-ledger.js';

const root = mkdtempSync(join(tmpdir(), 'graph-find-'));
let fx: OpenedFixture;
let keyed: Database.Database;
beforeAll(async () => {
  fx = await openFixture(root, 'find', { seed: 5, report: false, mutate: (db) => void plantBrokenJoins(db, { crossTrace: true }) });
  keyed = openHardened(fx.evidence.snapshot.dbCopyPath);
  restrictTables(keyed, fx.evidence.tables.keys());
  seedTraceKeys(keyed, scanTraceKeys(keyed));
});
afterAll(() => {
  keyed?.close();
  fx?.close();
  rmSync(root, { recursive: true, force: true });
});

const traces = (): string[] => listTraces(fx.evidence.db).traces.map((t) => t.traceId);

/** Every page of the trace, one model call a page: page k draws model call k (and the first page its loose rows). */
function pages(db: Database.Database, traceId: string): { mc: number | null; nodes: GraphNode[] }[] {
  const out: { mc: number | null; nodes: GraphNode[] }[] = [];
  let after: number | undefined;
  do {
    const g = buildTraceGraph(db, traceId, { after, limit: 1 });
    out.push({ mc: g.modelCallIds[0] ?? null, nodes: [...g.nodes] });
    after = g.nextAfter ?? undefined;
  } while (after !== undefined);
  return out;
}

/** The rows a reader could find, by plain SQL and a JS substring test: the oracle find must agree with. */
function expected(db: Database.Database, traceId: string, text: string): Set<string> {
  const t = text.toLowerCase();
  const has = (...v: unknown[]): boolean => v.some((x) => typeof x === 'string' && x.toLowerCase().includes(t));
  const out = new Set<string>();
  for (const r of db.prepare('SELECT id, content, tool_name FROM model_items WHERE trace_id = ?').all(traceId) as {
    id: number;
    content: unknown;
    tool_name: unknown;
  }[])
    if (has(r.content, r.tool_name)) out.add(`item:${r.id}`);
  for (const r of db
    .prepare("SELECT id, tool_name, call_id, arguments FROM tool_calls WHERE trace_id = ? AND origin IS NOT 'mcp_proxy'")
    .all(traceId) as {
    id: number;
    tool_name: unknown;
    call_id: unknown;
    arguments: unknown;
  }[])
    if (has(r.tool_name, r.call_id, r.arguments)) out.add(`tc:${r.id}`);
  for (const r of db.prepare('SELECT id, content_preview FROM tool_responses WHERE trace_id = ?').all(traceId) as {
    id: number;
    content_preview: unknown;
  }[])
    if (has(r.content_preview)) out.add(`tr:${r.id}`);
  for (const r of db.prepare('SELECT DISTINCT turn_id FROM model_calls WHERE trace_id = ? AND turn_id IS NOT NULL').all(traceId) as {
    turn_id: string;
  }[])
    if (has(r.turn_id)) out.add(`turn:${r.turn_id}`);
  return out;
}

describe('find within a trace', () => {
  it('returns exactly the rows holding the text, in turn order, with and without the keys', () => {
    const probes = ['BASH', 'tools/list', 'turn', 'call_', 'no such text'];
    let seen = 0;
    for (const traceId of traces()) {
      const drawn = new Set(pages(fx.evidence.db, traceId).flatMap((p) => p.nodes.map((n) => n.id)));
      const order = buildTraceGraph(fx.evidence.db, traceId).turns.map((t) => t.turnId);
      for (const text of probes) {
        const f = findInTrace(fx.evidence.db, traceId, text);
        const ids = f.matches.map((m) => m.nodeId);
        expect(new Set(ids).size).toBe(ids.length);
        expect(new Set(ids)).toEqual(expected(fx.evidence.db, traceId, text));
        // Each match is a node of the graph (some page draws it), and they run in the trace's turn order.
        for (const id of ids) expect(drawn.has(id)).toBe(true);
        const places = f.matches.map((m) => order.indexOf(m.turnId));
        expect(places).toEqual([...places].sort((a, b) => a - b));
        expect(findInTrace(keyed, traceId, text)).toEqual(f);
        seen += ids.length;
      }
    }
    expect(seen).toBeGreaterThan(5);
  });
});

describe('locate a row of a trace', () => {
  it("names a model call whose page draws the row's node, with and without the keys", () => {
    let located = 0;
    for (const traceId of traces()) {
      const all = pages(fx.evidence.db, traceId);
      const rows = new Map<string, GraphNode>();
      for (const p of all) for (const n of p.nodes) if (n.row && !n.id.startsWith('mcx:') && !n.id.startsWith('tcx:')) rows.set(n.id, n);
      for (const n of rows.values()) {
        const at = locateInTrace(fx.evidence.db, traceId, n.row!.table, n.row!.rowid);
        expect(locateInTrace(keyed, traceId, n.row!.table, n.row!.rowid)).toEqual(at);
        if (at.modelCallId === null) continue;
        const onPage = all.find((p) => p.mc === at.modelCallId);
        expect(
          onPage?.nodes.some((m) => m.id === n.id),
          `${n.id} on the page of mc ${at.modelCallId}`,
        ).toBe(true);
        expect(at.turnId).not.toBeNull();
        located++;
      }
    }
    expect(located).toBeGreaterThan(10);
  });

  it('says nowhere for a row of another trace or a table without one', () => {
    const [a, b] = traces();
    const mc = fx.evidence.db.prepare('SELECT id FROM model_calls WHERE trace_id = ? LIMIT 1').get(b) as { id: number };
    expect(locateInTrace(fx.evidence.db, a!, 'model_calls', mc.id)).toEqual({ turnId: null, modelCallId: null });
    expect(locateInTrace(fx.evidence.db, a!, 'no_such_table', 1)).toEqual({ turnId: null, modelCallId: null });
  });
});

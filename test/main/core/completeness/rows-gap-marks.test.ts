// Gaps where they happen, beyond the transcript (issue 38): the graph's nodes, the tool lifecycles, File activity's
// overflow windows, the side pane's row and a turn's rows carry, row for row, the marks the transcript's line of the
// same row carries (the same predicates and words), on the writer's ledger and on a copy with more gaps planted.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import { fsActivity } from '../../../../src/main/core/fs-activity/timeline.js';
import { buildTraceGraph } from '../../../../src/main/core/graph/trace-graph.js';
import { lifecyclePage } from '../../../../src/main/core/lifecycle/calls.js';
import { relatedOf } from '../../../../src/main/core/related/related-row.js';
import { turnRows } from '../../../../src/main/core/related/turn-rows.js';
import { listTraces } from '../../../../src/main/core/traces/traces.js';
import type { GapMark } from '../../../../src/shared/contract/completeness.js';
import type { GraphNode } from '../../../../src/shared/contract/graph.js';
import type { LifecycleRow } from '../../../../src/shared/contract/lifecycle.js';
import { allTranscriptLines } from '../../../fixtures/transcript-lines.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';

const root = mkdtempSync(join(tmpdir(), 'rows-gap-marks-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let writers: string;
let planted: string;
beforeAll(async () => {
  const a4 = await writeLedger(join(root, 'a4'), { generation: 'A4', sessionId: 'views-gaps' });
  writers = a4.sessionDir;
  // More kinds on rows the views show: a cut tool call body and tool response body, headers cut on a request.
  planted = join(root, 'planted', a4.sessionId);
  cpSync(a4.sessionDir, planted, { recursive: true });
  const db = new Database(join(planted, 'session.db'));
  db.exec(`UPDATE event_body_blobs SET truncated = 1, original_bytes = stored_bytes * 4
             WHERE id IN (SELECT MIN(id) FROM event_body_blobs WHERE source_table IN ('tool_calls', 'tool_responses') GROUP BY source_table);
           UPDATE net_events SET headers_truncated = 1 WHERE id IN (SELECT id FROM net_events ORDER BY id LIMIT 2);`);
  db.close();
});

/** The transcript's marks per `table/rowid`, for every line of the whole session. */
function lineMarks(evidence: Evidence): Map<string, readonly GapMark[]> {
  return new Map(allTranscriptLines(evidence, undefined, 200).flatMap((l) => (l.row ? [[`${l.row.table}/${l.row.rowid}`, l.gaps]] : [])));
}

function everyNode(evidence: Evidence): GraphNode[] {
  const nodes: GraphNode[] = [];
  for (const t of listTraces(evidence.db).traces) {
    let after: number | undefined;
    do {
      const g = buildTraceGraph(evidence.db, t.traceId, after === undefined ? {} : { after });
      nodes.push(...g.nodes);
      after = g.nextAfter ?? undefined;
    } while (after !== undefined);
  }
  return nodes;
}

function everyCall(evidence: Evidence): LifecycleRow[] {
  const rows: LifecycleRow[] = [];
  let after: number | undefined;
  do {
    const p = lifecyclePage(evidence.db, { limit: 50, ...(after === undefined ? {} : { after }) });
    rows.push(...p.rows);
    after = p.nextAfter ?? undefined;
  } while (after !== undefined);
  return rows;
}

async function withEvidence<T>(dir: string, f: (e: Evidence) => T): Promise<T> {
  const opened = await openEvidence([dir], { scratchRoot: root });
  if (!opened.ok) throw new Error(opened.error.message);
  try {
    return f(opened.value);
  } finally {
    opened.value.close();
  }
}

describe.each([
  ['the writer’s ledger', () => writers],
  ['a copy with cut tool bodies and cut headers', () => planted],
])('gap marks in every view, %s', (_name, dir) => {
  it('graph nodes carry their row’s line marks', async () => {
    await withEvidence(dir(), (e) => {
      const lines = lineMarks(e);
      const nodes = everyNode(e).filter((n) => n.row && lines.has(`${n.row.table}/${n.row.rowid}`));
      expect(nodes.length).toBeGreaterThan(0);
      for (const n of nodes) expect([n.id, n.gaps]).toEqual([n.id, lines.get(`${n.row!.table}/${n.row!.rowid}`)]);
      for (const n of everyNode(e)) if (!n.row) expect(n.gaps).toEqual([]);
    });
  });

  it('a lifecycle row carries its call’s marks, then its responses’', async () => {
    await withEvidence(dir(), (e) => {
      const lines = lineMarks(e);
      const responses = e.db.prepare('SELECT id FROM tool_responses WHERE call_id = ? AND trace_id IS ? ORDER BY id').pluck();
      const calls = everyCall(e);
      expect(calls.length).toBeGreaterThan(0);
      for (const c of calls) {
        const want = [
          ...(lines.get(`tool_calls/${c.id}`) ?? []),
          ...(responses.all(c.callId, c.traceId) as number[]).flatMap((id) => lines.get(`tool_responses/${id}`) ?? []),
        ];
        expect([c.id, c.gaps]).toEqual([c.id, want]);
      }
    });
  });

  it('each overflow window, the side pane’s row and a turn’s rows carry the line’s marks', async () => {
    await withEvidence(dir(), (e) => {
      const lines = lineMarks(e);
      const windows = fsActivity(e.db).windows;
      expect(windows.length).toBeGreaterThan(0);
      for (const w of windows) expect(w.gaps).toEqual(lines.get(`fs_events/${w.id}`));
      const marked = [...lines].filter(([, g]) => g.length > 0);
      expect(marked.length).toBeGreaterThan(0);
      for (const [key, gaps] of marked) {
        const [table, rowid] = key.split('/');
        expect([key, relatedOf(e.db, table!, Number(rowid)).gaps]).toEqual([key, gaps]);
      }
      const turn = e.db.prepare('SELECT trace_id AS t, turn_id AS u FROM model_calls WHERE turn_id IS NOT NULL LIMIT 1').get() as {
        t: string;
        u: string;
      };
      for (const g of turnRows(e.db, turn.t, turn.u).groups)
        for (const r of g.rows) expect([r.table, r.rowid, r.gaps]).toEqual([r.table, r.rowid, lines.get(`${r.table}/${r.rowid}`) ?? []]);
    });
  });
});

it('the planted copy marks a cut tool body in the graph and the lifecycles', async () => {
  await withEvidence(planted, (e) => {
    expect(everyNode(e).some((n) => n.gaps.some((g) => g.kind === 'BODY_CUT'))).toBe(true);
    expect(everyCall(e).some((c) => c.gaps.some((g) => g.kind === 'BODY_CUT'))).toBe(true);
  });
});

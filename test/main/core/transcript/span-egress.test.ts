// The egress line of a trace, a turn and the untraced tail (issue 40): the net_events rows carrying the trace's
// trace_id (and the turn's turn_id), or no told trace at all, counted here again by plain SQL (requests, bytes sent
// and received, distinct hosts, denied), on the headers only, and the same in the whole session's transcript as in
// each trace's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import { buildTraceGraph } from '../../../../src/main/core/graph/trace-graph.js';
import { turnRows } from '../../../../src/main/core/related/turn-rows.js';
import { listTraces } from '../../../../src/main/core/traces/traces.js';
import type { SpanEgress } from '../../../../src/shared/contract/egress.js';
import { TRACE_LEVEL_TURN } from '../../../../src/shared/contract/graph.js';
import type { TranscriptLine } from '../../../../src/shared/contract/transcript.js';
import { allTranscriptLines } from '../../../fixtures/transcript-lines.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import { plantUntracedRows } from '../../../fixtures/writer/untraced-rows.js';

const root = mkdtempSync(join(tmpdir(), 'span-egress-'));
let evidence: Evidence;
let dbPath: string;

beforeAll(async () => {
  const written = await writeLedger(join(root, 'a4'), { generation: 'A4', sessionId: 'egress-a4' });
  dbPath = written.dbPath;
  // As independently written ledgers have them: rows no trace carries, a denied POST to a foreign host among them.
  plantUntracedRows(dbPath);
  const opened = await openEvidence([written.sessionDir], { scratchRoot: root });
  if (!opened.ok) throw new Error(opened.error.message);
  evidence = opened.value;
});
afterAll(() => {
  evidence?.close();
  rmSync(root, { recursive: true, force: true });
});

function lines(traceId: string | undefined): TranscriptLine[] {
  return allTranscriptLines(evidence, traceId, 500);
}

/** The same numbers by plain SQL over the net_events rows `where` picks. */
function bySql(where: string, ...args: unknown[]): Omit<SpanEgress, 'says'> | null {
  const db = new Database(dbPath, { readonly: true });
  const r = db
    .prepare(
      `SELECT COUNT(*) AS requests, TOTAL(bytes_sent) AS bytesSent, TOTAL(bytes_received) AS bytesReceived,
         COUNT(DISTINCT lower(domain)) AS hosts, TOTAL(decision = 'denied') AS denied
       FROM net_events WHERE ${where}`,
    )
    .get(...args) as Omit<SpanEgress, 'says'>;
  db.close();
  return r.requests === 0 ? null : r;
}

const numbers = (e: SpanEgress | null): Omit<SpanEgress, 'says'> | null =>
  e && { requests: e.requests, bytesSent: e.bytesSent, bytesReceived: e.bytesReceived, hosts: e.hosts, denied: e.denied };

describe('egress per trace and per turn', () => {
  it('each trace and turn header carries what left during it, as plain SQL counts it, and no other line does', () => {
    let withEgress = 0;
    for (const t of listTraces(evidence.db).traces) {
      for (const l of lines(t.traceId)) {
        if (l.kind === 'trace') expect(numbers(l.egress)).toEqual(bySql('trace_id = ?', t.traceId));
        else if (l.kind === 'turn') expect(numbers(l.egress)).toEqual(bySql('trace_id = ? AND turn_id IS ?', t.traceId, l.turnId));
        else expect(l.egress).toBeNull();
        if (l.kind === 'turn' && l.egress) withEgress++;
      }
    }
    expect(withEgress).toBeGreaterThan(1);
  });

  it("the untraced tail's header counts the requests no told trace carries, the credential-carrying POST among them", () => {
    const told = JSON.stringify(listTraces(evidence.db).traces.map((t) => t.traceId));
    const tail = lines(undefined).find((l) => l.kind === 'trace' && l.traceId === null);
    expect(tail).toBeDefined();
    const expected = bySql('trace_id IS NULL OR trace_id NOT IN (SELECT value FROM json_each(?))', told);
    expect(expected!.denied).toBeGreaterThan(0);
    expect(numbers(tail!.egress)).toEqual(expected);
    expect(tail!.egress!.says).toMatch(/ · \d+ denied$/);
  });

  it('says it in one sentence, and the whole session says the same as each trace', () => {
    const headers = (l: TranscriptLine): boolean => (l.kind === 'turn' || l.kind === 'trace') && l.egress !== null && l.traceId !== null;
    const session = lines(undefined).filter(headers);
    const byTrace = listTraces(evidence.db).traces.flatMap((t) => lines(t.traceId).filter(headers));
    expect(session.map((l) => l.egress)).toEqual(byTrace.map((l) => l.egress));
    for (const l of session) expect(l.egress!.says).toMatch(/^\d+ requests? to \d+ hosts? · \S+ \S+ sent · \S+ \S+ received/);
  });

  it("the graph says each trace's numbers and the side pane each turn's, as the transcript's headers do", () => {
    let turns = 0;
    for (const t of listTraces(evidence.db).traces) {
      const told = lines(t.traceId);
      expect(buildTraceGraph(evidence.db, t.traceId).egress).toEqual(told.find((l) => l.kind === 'trace')!.egress);
      for (const l of told.filter((x) => x.kind === 'turn' && x.turnId !== null && x.turnId !== TRACE_LEVEL_TURN)) {
        expect(turnRows(evidence.db, t.traceId, l.turnId!).egress).toEqual(l.egress);
        turns++;
      }
    }
    expect(turns).toBeGreaterThan(1);
  });
});

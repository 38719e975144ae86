// A turn's egress line (issue 40): the net_events rows carrying the turn's trace_id and turn_id, counted here again by
// plain SQL (requests, bytes sent and received, distinct hosts, denied), on the turn header only, and the same in the
// whole session's transcript as in its trace's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import { transcriptPage } from '../../../../src/main/core/transcript/transcript-page.js';
import { listTraces } from '../../../../src/main/core/traces/traces.js';
import type { TranscriptLine, TurnEgress } from '../../../../src/shared/contract/transcript.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';

const root = mkdtempSync(join(tmpdir(), 'turn-egress-'));
let evidence: Evidence;
let dbPath: string;

beforeAll(async () => {
  const written = await writeLedger(join(root, 'a4'), { generation: 'A4', sessionId: 'egress-a4' });
  dbPath = written.dbPath;
  const opened = await openEvidence([written.sessionDir], { scratchRoot: root });
  if (!opened.ok) throw new Error(opened.error.message);
  evidence = opened.value;
});
afterAll(() => {
  evidence?.close();
  rmSync(root, { recursive: true, force: true });
});

function lines(traceId: string | undefined): TranscriptLine[] {
  const out: TranscriptLine[] = [];
  for (let offset = 0, total = 1; offset < total; ) {
    const p = transcriptPage(evidence, { traceId, offset, limit: 500 });
    total = p.total;
    out.push(...p.lines);
    offset += p.lines.length;
    if (p.lines.length === 0) break;
  }
  return out;
}

function bySql(traceId: string, turnId: string | null): Omit<TurnEgress, 'says'> | null {
  const db = new Database(dbPath, { readonly: true });
  const r = db
    .prepare(
      `SELECT COUNT(*) AS requests, TOTAL(bytes_sent) AS bytesSent, TOTAL(bytes_received) AS bytesReceived,
         COUNT(DISTINCT lower(domain)) AS hosts, TOTAL(decision = 'denied') AS denied
       FROM net_events WHERE trace_id = ? AND turn_id IS ?`,
    )
    .get(traceId, turnId) as Omit<TurnEgress, 'says'>;
  db.close();
  return r.requests === 0 ? null : r;
}

const numbers = (e: TurnEgress | null): Omit<TurnEgress, 'says'> | null =>
  e && { requests: e.requests, bytesSent: e.bytesSent, bytesReceived: e.bytesReceived, hosts: e.hosts, denied: e.denied };

describe('turn egress', () => {
  it('each turn header carries what left during the turn, as plain SQL counts it, and no other line does', () => {
    let withEgress = 0;
    for (const t of listTraces(evidence.db).traces) {
      for (const l of lines(t.traceId)) {
        if (l.kind !== 'turn') {
          expect(l.egress).toBeNull();
          continue;
        }
        expect(numbers(l.egress)).toEqual(bySql(t.traceId, l.turnId));
        if (l.egress) withEgress++;
      }
    }
    expect(withEgress).toBeGreaterThan(1);
  });

  it('says it in one sentence, and the whole session says the same as each trace', () => {
    const session = lines(undefined).filter((l) => l.kind === 'turn' && l.egress);
    const byTrace = listTraces(evidence.db).traces.flatMap((t) => lines(t.traceId).filter((l) => l.kind === 'turn' && l.egress));
    expect(session.map((l) => l.egress)).toEqual(byTrace.map((l) => l.egress));
    for (const l of session) expect(l.egress!.says).toMatch(/^\d+ requests? to \d+ hosts? · \S+ \S+ sent · \S+ \S+ received/);
  });
});

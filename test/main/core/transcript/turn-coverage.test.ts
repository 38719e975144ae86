// A turn's coverage (issue 38): bodies present of expected, output kept of produced, and the overflow windows timed
// inside the turn, each counted here again by plain SQL over the rows that carry the turn's trace_id and turn_id, and
// the same whichever page, or whichever transcript (the trace's or the session's), shows the turn's header.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import { listTraces } from '../../../../src/main/core/traces/traces.js';
import type { TranscriptCoverage, TranscriptLine } from '../../../../src/shared/contract/transcript.js';
import { allTranscriptLines } from '../../../fixtures/transcript-lines.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';

const root = mkdtempSync(join(tmpdir(), 'turn-coverage-'));
let evidence: Evidence;
let dbPath: string;
/** Where the planted overflow window was timed: inside the first turn that ran a command. */
let plantedTurn: string;

beforeAll(async () => {
  const written = await writeLedger(join(root, 'a4'), { generation: 'A4', sessionId: 'coverage-a4' });
  const dir = join(root, 'planted', written.sessionId);
  cpSync(written.sessionDir, dir, { recursive: true });
  dbPath = join(dir, 'session.db');
  const db = new Database(dbPath);
  // No overflow of the writer's own: the one planted below is the only window, timed inside a turn with a command.
  db.exec("DELETE FROM fs_events WHERE action = 'overflow'");
  // A traced request body kept only as its preview, and a traced command that produced more than was kept.
  db.exec(`DELETE FROM event_body_blobs WHERE source_table = 'net_events' AND direction = 'request' AND event_id =
             (SELECT event_id FROM net_events WHERE trace_id IS NOT NULL AND turn_id IS NOT NULL AND request_body_preview <> '' ORDER BY id LIMIT 1);
           UPDATE exec_events SET stdout_bytes = stdout_bytes + 5000 WHERE id = (SELECT id FROM exec_events WHERE trace_id IS NOT NULL ORDER BY id DESC LIMIT 1);`);
  const at = db
    .prepare('SELECT trace_id, turn_id, timestamp FROM exec_events WHERE trace_id IS NOT NULL AND turn_id IS NOT NULL ORDER BY id LIMIT 1')
    .get() as {
    trace_id: string;
    turn_id: string;
    timestamp: string;
  };
  plantedTurn = at.turn_id;
  db.prepare("INSERT INTO fs_events (timestamp, action, path, size) VALUES (?, 'overflow', '', 7)").run(at.timestamp);
  db.close();
  const opened = await openEvidence([dir], { scratchRoot: root });
  if (!opened.ok) throw new Error(opened.error.message);
  evidence = opened.value;
});
afterAll(() => {
  evidence?.close();
  rmSync(root, { recursive: true, force: true });
});

function lines(traceId: string | undefined, limit: number): TranscriptLine[] {
  return allTranscriptLines(evidence, traceId, limit);
}

/** The coverage of one turn counted by plain SQL over the rows carrying its trace_id and turn_id. */
function bySql(traceId: string, turnId: string | null): Omit<TranscriptCoverage, 'says'> {
  const db = new Database(dbPath, { readonly: true });
  const of = (t: string): string => `FROM ${t} x WHERE x.trace_id = ? AND x.turn_id IS ?`;
  let present = 0;
  let missing = 0;
  const times: number[] = [];
  const columns = (t: string): string[] => db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(t) as string[];
  // Every table whose rows carry a trace and a turn (model_items excepted: its rows are parts of their model call's).
  const tables = (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'model_items'").pluck().all() as string[]
  ).filter((t) => ['trace_id', 'turn_id', 'event_id'].every((c) => columns(t).includes(c)));
  for (const t of tables) {
    present += Number(
      db
        .prepare(`SELECT COUNT(*) FROM event_body_blobs b WHERE b.source_table = ? AND b.event_id IN (SELECT x.event_id ${of(t)})`)
        .pluck()
        .get(t, traceId, turnId),
    );
    const timed = columns(t).includes('timestamp');
    if (timed)
      for (const ts of db
        .prepare(`SELECT x.timestamp ${of(t)}`)
        .pluck()
        .all(traceId, turnId) as string[])
        times.push(Date.parse(ts));
  }
  for (const [t, col, dir] of [
    ['net_events', 'request_body_preview', 'request'],
    ['net_events', 'response_body_preview', 'response'],
    ['model_calls', 'request_body_preview', 'request'],
  ] as const)
    missing += Number(
      db
        .prepare(
          `SELECT COUNT(*) ${of(t)} AND x.${col} <> '' AND x.event_id <> '' AND NOT EXISTS
             (SELECT 1 FROM event_body_blobs b WHERE b.event_id = x.event_id AND b.source_table = ? AND b.direction = ?)`,
        )
        .pluck()
        .get(traceId, turnId, t, dir),
    );
  const out = db
    .prepare(
      `SELECT COUNT(*) AS n, TOTAL(x.stdout_bytes + x.stderr_bytes) AS produced,
         TOTAL(MIN(x.stdout_bytes, COALESCE((SELECT b.stored_bytes FROM event_body_blobs b WHERE b.event_id = x.event_id AND b.source_table = 'exec_events' AND b.direction = 'stdout'), length(CAST(x.stdout_preview AS BLOB)), 0))
             + MIN(x.stderr_bytes, COALESCE((SELECT b.stored_bytes FROM event_body_blobs b WHERE b.event_id = x.event_id AND b.source_table = 'exec_events' AND b.direction = 'stderr'), length(CAST(x.stderr_preview AS BLOB)), 0))) AS kept
       ${of('exec_events')}`,
    )
    .get(traceId, turnId) as { n: number; produced: number; kept: number };
  const first = Math.min(...times);
  const last = Math.max(...times);
  const overflow = (db.prepare("SELECT timestamp FROM fs_events WHERE action = 'overflow'").pluck().all() as string[])
    .map((t) => Date.parse(t))
    .filter((t) => t >= first && t <= last).length;
  db.close();
  return {
    bodies: { present, expected: present + missing },
    output: out.n === 0 ? null : { kept: out.kept, produced: out.produced },
    overflowWindows: overflow,
  };
}

const counts = (c: TranscriptCoverage | null): Omit<TranscriptCoverage, 'says'> | null =>
  c && { bodies: c.bodies, output: c.output, overflowWindows: c.overflowWindows };

describe('turn coverage', () => {
  it('each turn header carries its coverage, as plain SQL counts it over the turn, and no other line does', () => {
    let turns = 0;
    for (const t of listTraces(evidence.db).traces) {
      for (const l of lines(t.traceId, 500)) {
        if (l.kind !== 'turn') {
          expect(l.coverage).toBeNull();
          continue;
        }
        turns++;
        expect(counts(l.coverage)).toEqual(bySql(t.traceId, l.turnId));
      }
    }
    expect(turns).toBeGreaterThan(2);
    // The planted gaps are inside some turn: one body expected and absent, 5,000 bytes produced and not kept (beside
    // the writer's own cut output bodies).
    const covered = listTraces(evidence.db)
      .traces.flatMap((t) => lines(t.traceId, 500))
      .map((l) => l.coverage)
      .filter((c) => c !== null);
    expect(covered.reduce((n, c) => n + c.bodies.expected - c.bodies.present, 0)).toBe(1);
    expect(covered.reduce((n, c) => n + (c.output ? c.output.produced - c.output.kept : 0), 0)).toBeGreaterThanOrEqual(5000);
  });

  it('says the overflow window inside a turn is placed by time, and only for the turn whose time holds it', () => {
    const all = lines(undefined, 500).filter((l) => l.kind === 'turn');
    const withWindow = all.filter((l) => (l.coverage?.overflowWindows ?? 0) > 0);
    expect(withWindow.map((l) => l.turnId)).toContain(plantedTurn);
    for (const l of withWindow)
      expect(l.coverage!.says).toMatch(/1 file-monitor overflow window in its time \(placed by time, not by cause\)/);
    for (const l of all.filter((x) => !withWindow.includes(x))) expect(l.coverage!.says).toContain('no file-monitor overflow in its time');
    const planted = withWindow.find((l) => l.turnId === plantedTurn)!;
    expect(planted.coverage!.says).toMatch(
      /^(bodies \d+ of \d+ in the archive|no bodies expected) · output [\d.,]+ \w+ of [\d.,]+ \w+ kept · /,
    );
  });

  it('is the same on small pages of the session as on whole traces: counted over the whole turn, not the page', () => {
    const key = (l: TranscriptLine): string => `${l.traceId}/${l.turnId}`;
    const whole = new Map(
      listTraces(evidence.db)
        .traces.flatMap((t) => lines(t.traceId, 500))
        .filter((l) => l.kind === 'turn')
        .map((l) => [key(l), l.coverage]),
    );
    const paged = lines(undefined, 3).filter((l) => l.kind === 'turn' && l.traceId !== null);
    expect(paged.length).toBe(whole.size);
    for (const l of paged) expect(l.coverage).toEqual(whole.get(key(l)));
  });
});

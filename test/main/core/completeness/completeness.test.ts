// Completeness beside integrity (issue 38): each gap kind the ledger can tell of is reported once, with its rows and
// bytes as plain SQL counts them, and nothing is invented on a ledger with none.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPath } from '../../../../src/main/core/check/check-path.js';
import type { CheckReport } from '../../../../src/main/core/check/types.js';
import type { Gap, GapKind } from '../../../../src/main/core/completeness/types.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';

const root = mkdtempSync(join(tmpdir(), 'completeness-'));
let a4: WrittenLedger;
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeAll(async () => {
  a4 = await writeLedger(join(root, 'a4'), { generation: 'A4', sessionId: 'complete-a4' });
});

async function report(dir: string): Promise<CheckReport> {
  const r = await checkPath(dir, { verifyBodies: false, scratchRoot: root });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

const gap = (r: CheckReport, kind: GapKind): Gap | undefined => r.completeness.gaps.find((g) => g.kind === kind);

/** A copy of a fixture ledger changed by `sql` (the fixture's own files, never evidence a user gave). */
function planted(from: WrittenLedger, name: string, sql: string): string {
  const dir = join(root, name, from.sessionId);
  cpSync(from.sessionDir, dir, { recursive: true });
  const db = new Database(join(dir, 'session.db'));
  db.exec(sql);
  db.close();
  return dir;
}

describe('completeness', () => {
  it("the writer's ledger: its cut bodies and overflow windows, each once, counted as plain SQL counts them", async () => {
    const r = await report(a4.sessionDir);
    const db = new Database(a4.dbPath, { readonly: true });
    const cut = db
      .prepare('SELECT COUNT(*) AS n, TOTAL(original_bytes - stored_bytes) AS b FROM event_body_blobs WHERE stored_bytes < original_bytes')
      .get() as { n: number; b: number };
    db.close();
    expect(r.completeness.verdict).toBe('gaps');
    expect(r.completeness.gaps.map((g) => g.kind)).toEqual(['BODY_CUT', 'FILE_EVENTS_OVERFLOW']);
    expect(gap(r, 'BODY_CUT')).toMatchObject({ rows: a4.expected.truncatedBodies, bytesMissing: cut.b });
    expect(cut.n).toBe(a4.expected.truncatedBodies);
    expect(gap(r, 'FILE_EVENTS_OVERFLOW')).toMatchObject({ rows: a4.expected.overflowWindows });
    // Its counter snapshot matches its rows: compared, and no gap.
    expect(r.completeness.notChecked.some((n) => n.includes('counter snapshot'))).toBe(false);
    expect(r.completeness.counters.length).toBeGreaterThan(0);
    expect(r.completeness.counters.every((c) => c.snapshot === c.rows && c.hostStopped === null)).toBe(true);
  });

  it('headers cut, an exec output kept as a 1 KiB excerpt, and a tail removed after the counter snapshot', async () => {
    const dir = planted(
      a4,
      'planted',
      `UPDATE net_events SET headers_truncated = 1 WHERE id IN (SELECT id FROM net_events ORDER BY id LIMIT 2);
       INSERT INTO exec_events (event_id, timestamp, exec_id, command, stdout_preview, stdout_bytes, stderr_bytes, target)
         VALUES ('0123456789ab', '2026-03-02T15:00:00Z', 999, 'cat big.log', '${'x'.repeat(1024)}', 5000, 0, 'vm');
       DELETE FROM net_events WHERE id IN (SELECT id FROM net_events ORDER BY id DESC LIMIT 3);`,
    );
    const r = await report(dir);
    expect(gap(r, 'HEADERS_CUT')).toMatchObject({ rows: 2 });
    const excerpt = gap(r, 'EXEC_OUTPUT_EXCERPT')!;
    expect(excerpt).toMatchObject({ rows: 1, bytesMissing: 5000 - 1024, examples: ['0123456789ab'] });
    expect(excerpt.says).toContain('capsem#230');
    const counters = gap(r, 'COUNTERS_DISAGREE')!;
    // Three net rows gone, one exec row more than the writer counted.
    expect(counters.places.map((p) => [p.place.split(' ')[0], p.rows])).toEqual([
      ['net_events', 3],
      ['exec_events', 1],
    ]);
    expect(counters.says).toContain('counted 3 more than the ledger holds');
    // The overview's table: every counter beside its rows, the differing ones with the numbers the gap says.
    const net = r.completeness.counters.find((c) => c.counter === 'net.total')!;
    const exec = r.completeness.counters.find((c) => c.counter === 'exec.started')!;
    const rows = new Database(join(dir, 'session.db'), { readonly: true });
    expect(net).toMatchObject({
      table: 'net_events',
      rows: rows.prepare('SELECT COUNT(*) FROM net_events').pluck().get(),
      hostStopped: null,
    });
    expect(net.snapshot! - net.rows).toBe(3);
    expect(exec.rows - exec.snapshot!).toBe(1);
    rows.close();
    expect(r.completeness.counters.filter((c) => c.snapshot !== c.rows).map((c) => c.counter)).toEqual(['net.total', 'exec.started']);
    // Each kind once.
    expect(new Set(r.completeness.gaps.map((g) => g.kind)).size).toBe(r.completeness.gaps.length);
  });

  it('a row whose preview is kept but whose body is not in the index: the preview only, counted by plain SQL', async () => {
    const db = new Database(a4.dbPath, { readonly: true });
    const victim = db
      .prepare(
        `SELECT n.event_id FROM net_events n JOIN event_body_blobs b ON b.event_id = n.event_id AND b.source_table = 'net_events'
           AND b.direction = 'request' WHERE n.request_body_preview <> '' ORDER BY n.id LIMIT 1`,
      )
      .pluck()
      .get() as string;
    db.close();
    const dir = planted(
      a4,
      'preview-only',
      `DELETE FROM event_body_blobs WHERE event_id = '${victim}' AND source_table = 'net_events' AND direction = 'request';`,
    );
    const r = await report(dir);
    expect(gap(r, 'BODY_PREVIEW_ONLY')).toMatchObject({
      rows: 1,
      places: [{ place: 'net_events/request', rows: 1, bytesMissing: null }],
      examples: [victim],
    });
    expect(gap(r, 'BODY_PREVIEW_ONLY')!.says).toContain('cannot be verified');
  });

  it('a ledger with no gap reads COMPLETE, and says what it could not compare', async () => {
    const a2 = await writeLedger(join(root, 'a2'), { generation: 'A2-zstd', sessionId: 'complete-a2' });
    const dir = planted(
      a2,
      'none',
      `UPDATE exec_events SET stdout_bytes = (SELECT b.stored_bytes FROM event_body_blobs b WHERE b.event_id = exec_events.event_id AND b.direction = 'stdout')
         WHERE EXISTS (SELECT 1 FROM event_body_blobs b WHERE b.event_id = exec_events.event_id AND b.direction = 'stdout');
       UPDATE event_body_blobs SET original_bytes = stored_bytes, truncated = 0;
       UPDATE exec_events SET stdout_bytes = length(CAST(stdout_preview AS BLOB)) WHERE stdout_bytes > length(CAST(stdout_preview AS BLOB))
         AND NOT EXISTS (SELECT 1 FROM event_body_blobs b WHERE b.event_id = exec_events.event_id AND b.direction = 'stdout');
       DELETE FROM fs_events WHERE action = 'overflow';`,
    );
    const r = await report(dir);
    expect(r.completeness.gaps).toEqual([]);
    expect(r.completeness.verdict).toBe('complete');
    expect(r.completeness.notChecked.some((n) => n.includes('keeps no counter snapshot'))).toBe(true);
    // Nothing to set beside the rows: no table.
    expect(r.completeness.counters).toEqual([]);
  });
});

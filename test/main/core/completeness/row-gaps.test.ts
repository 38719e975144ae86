// Gaps where they happen (issue 38): every gap the completeness section counts on a row is marked on that row's
// transcript line, once, in the words the section's module keeps beside its own (gap-words.ts); summed over the
// whole session transcript the marks are the section's rows kind by kind, and a ledger with no gap has no mark.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPath } from '../../../../src/main/core/check/check-path.js';
import type { GapKind } from '../../../../src/main/core/completeness/types.js';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import type { TranscriptLine } from '../../../../src/shared/contract/transcript.js';
import { allTranscriptLines } from '../../../fixtures/transcript-lines.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';

const root = mkdtempSync(join(tmpdir(), 'row-gaps-'));
let a4: WrittenLedger;
let a2: WrittenLedger;
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeAll(async () => {
  a4 = await writeLedger(join(root, 'a4'), { generation: 'A4', sessionId: 'gaps-a4' });
  a2 = await writeLedger(join(root, 'a2'), { generation: 'A2-zstd', sessionId: 'gaps-a2' });
});

/** A copy of a fixture ledger changed by `sql` (the fixture's own files, never evidence a user gave). */
function planted(from: WrittenLedger, name: string, sql: string): string {
  const dir = join(root, name, from.sessionId);
  cpSync(from.sessionDir, dir, { recursive: true });
  const db = new Database(join(dir, 'session.db'));
  db.exec(sql);
  db.close();
  return dir;
}

/** Every line of the whole session's transcript, and the completeness section's rows per gap kind. */
async function read(dir: string): Promise<{ lines: TranscriptLine[]; rows: Partial<Record<GapKind, number>> }> {
  const report = await checkPath(dir, { verifyBodies: false, scratchRoot: root });
  if (!report.ok) throw new Error(report.error.message);
  const opened = await openEvidence([dir], { scratchRoot: root });
  if (!opened.ok) throw new Error(opened.error.message);
  const lines: TranscriptLine[] = [];
  try {
    lines.push(...allTranscriptLines(opened.value, undefined, 200));
  } finally {
    opened.value.close();
  }
  const rows: Partial<Record<GapKind, number>> = {};
  for (const g of report.value.completeness.gaps) rows[g.kind] = g.rows;
  return { lines, rows };
}

/** `KIND table:event_id` of each mark, one per mark. */
const marks = (lines: readonly TranscriptLine[], kind?: GapKind): string[] =>
  lines.flatMap((l) => l.gaps.filter((g) => !kind || g.kind === kind).map((g) => `${g.kind} ${l.row!.table}:${l.eventId}`));

/** The marks per kind, as the section counts its rows (kinds a line cannot carry are left out). */
function counted(lines: readonly TranscriptLine[]): Partial<Record<GapKind, number>> {
  const out: Partial<Record<GapKind, number>> = {};
  for (const l of lines) for (const g of l.gaps) out[g.kind] = (out[g.kind] ?? 0) + 1;
  return out;
}

const ROW_KINDS: readonly GapKind[] = [
  'BODY_CUT',
  'EXEC_OUTPUT_EXCERPT',
  'STDERR_NOT_RECORDED',
  'HEADERS_CUT',
  'FILE_EVENTS_OVERFLOW',
  'BODY_PREVIEW_ONLY',
];
const onRows = (rows: Partial<Record<GapKind, number>>): Partial<Record<GapKind, number>> =>
  Object.fromEntries(Object.entries(rows).filter(([k]) => ROW_KINDS.includes(k as GapKind)));

describe('gap marks on transcript lines', () => {
  it("the writer's ledger: each cut body on its own row's line, each overflow window on its line, as the section counts", async () => {
    const { lines, rows } = await read(a4.sessionDir);
    expect(counted(lines)).toEqual(onRows(rows));
    const db = new Database(a4.dbPath, { readonly: true });
    const cut = (
      db
        .prepare('SELECT source_table AS t, event_id AS e FROM event_body_blobs WHERE truncated = 1 OR stored_bytes < original_bytes')
        .all() as {
        t: string;
        e: string;
      }[]
    ).map((r) => `BODY_CUT ${r.t}:${r.e}`);
    const overflow = db.prepare("SELECT id FROM fs_events WHERE action = 'overflow' ORDER BY id").pluck().all() as number[];
    db.close();
    expect(marks(lines, 'BODY_CUT').sort()).toEqual(cut.sort());
    const overflowLines = lines.filter((l) => l.gaps.some((g) => g.kind === 'FILE_EVENTS_OVERFLOW'));
    expect(overflowLines.map((l) => [l.kind, l.row!.rowid])).toEqual(overflow.map((id) => ['overflow', id]));
    const one = lines.find((l) => l.gaps.some((g) => g.kind === 'BODY_CUT'))!.gaps.find((g) => g.kind === 'BODY_CUT')!;
    expect(one.says).toMatch(/^\w+ body cut at capture: [\d.,]+ \w+ of [\d.,]+ \w+ kept$/);
  });

  it('headers cut, an output kept as a 1 KiB excerpt, a body kept only as its preview: each on its own line', async () => {
    const db = new Database(a4.dbPath, { readonly: true });
    const victim = db
      .prepare(
        `SELECT n.event_id FROM net_events n JOIN event_body_blobs b ON b.event_id = n.event_id AND b.source_table = 'net_events'
           AND b.direction = 'request' WHERE n.request_body_preview <> '' ORDER BY n.id LIMIT 1`,
      )
      .pluck()
      .get() as string;
    const headers = db.prepare('SELECT event_id FROM net_events ORDER BY id LIMIT 2').pluck().all() as string[];
    db.close();
    const dir = planted(
      a4,
      'planted',
      `UPDATE net_events SET headers_truncated = 1 WHERE id IN (SELECT id FROM net_events ORDER BY id LIMIT 2);
       INSERT INTO exec_events (event_id, timestamp, exec_id, command, stdout_preview, stdout_bytes, stderr_bytes, target)
         VALUES ('0123456789ab', '2026-03-02T15:00:00Z', 999, 'cat big.log', '${'x'.repeat(1024)}', 3355443, 0, 'vm');
       DELETE FROM event_body_blobs WHERE event_id = '${victim}' AND source_table = 'net_events' AND direction = 'request';`,
    );
    const { lines, rows } = await read(dir);
    expect(counted(lines)).toEqual(onRows(rows));
    expect(marks(lines, 'HEADERS_CUT').sort()).toEqual(headers.map((e) => `HEADERS_CUT net_events:${e}`).sort());
    expect(marks(lines, 'EXEC_OUTPUT_EXCERPT')).toEqual(['EXEC_OUTPUT_EXCERPT exec_events:0123456789ab']);
    const exec = lines.find((l) => l.eventId === '0123456789ab')!;
    expect(exec.gaps).toEqual([{ kind: 'EXEC_OUTPUT_EXCERPT', says: 'stdout: first 1.0 KiB of 3.2 MiB kept' }]);
    expect(marks(lines, 'BODY_PREVIEW_ONLY')).toEqual([`BODY_PREVIEW_ONLY net_events:${victim}`]);
    expect(lines.find((l) => l.eventId === victim)!.gaps.map((g) => g.says)).toContain(
      'request body not in the archive index: only its preview can be shown, and it cannot be verified',
    );
  });

  it("a generation that never recorded stderr: every command's line says so, once", async () => {
    const dir = planted(a4, 'no-stderr', 'ALTER TABLE exec_events DROP COLUMN stderr_bytes;');
    const { lines, rows } = await read(dir);
    expect(counted(lines)).toEqual(onRows(rows));
    const execs = lines.filter((l) => l.kind === 'exec');
    expect(execs.length).toBe(rows.STDERR_NOT_RECORDED);
    for (const l of execs) expect(l.gaps.filter((g) => g.kind === 'STDERR_NOT_RECORDED')).toHaveLength(1);
  });

  it('a ledger with no gap: no line carries a mark', async () => {
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
    const { lines, rows } = await read(dir);
    expect(onRows(rows)).toEqual({});
    expect(lines.length).toBeGreaterThan(10);
    expect(marks(lines)).toEqual([]);
  });
});

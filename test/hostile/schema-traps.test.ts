// SQL-1 / SQL-3: a ledger whose tables are views (endless recursive CTE, load_extension), carry triggers or
// generated columns, or sit beside foreign objects is reported and never queried: the whole session (browse,
// integrity report, verify job, SQL console, WARC export) finishes promptly with each trap noted and absent from
// the table list; a required table that is a view is refused by name. trusted_schema (and the other hardening
// pragmas) read back off on every connection the core opens: evidence, host, and the SQL console's child.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { openEvidence } from '../../src/main/core/evidence/open-evidence.js';
import { isScratchPath } from '../../src/main/core/evidence/scratch.js';
import { openHostLedger } from '../../src/main/core/host/open-host-ledger.js';
import { SqlConsole } from '../../src/main/core/sql/sql-runner.js';
import { writeSampleHome } from '../fixtures/writer/host/host-sample.js';
import type { DriveReport } from './lib/session-driver.js';
import { writeRequiredTableView, writeTrappedLedger, type TrapLedger } from './lib/trap-ledgers.js';
import type { WrittenLedger } from '../fixtures/writer/ledger-writer.js';
import { tempDir } from './lib/temp.js';

const CHILD = fileURLToPath(new URL('./lib/trap-child.ts', import.meta.url));
const DEADLINE_MS = 45_000;
let work = '';
let trapped: TrapLedger;
let required: WrittenLedger;

beforeAll(async () => {
  work = tempDir('hostile-traps-');
  trapped = await writeTrappedLedger(work);
  required = await writeRequiredTableView(work);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function driveInChild(sessionDir: string): { report: DriveReport | null; error: string } {
  const out = tempDir('hostile-traps-out-');
  const r = spawnSync(process.execPath, ['--import', 'tsx', CHILD, sessionDir, work, out], {
    encoding: 'utf8',
    timeout: DEADLINE_MS,
    killSignal: 'SIGKILL',
  });
  rmSync(out, { recursive: true, force: true });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  if (r.status !== 0 || !line.startsWith('{')) {
    const steps = r.stderr
      .split('\n')
      .filter((l) => l.startsWith('step '))
      .slice(-3)
      .join(', ');
    return {
      report: null,
      error: `child ${r.signal ?? `exit ${r.status}`} (deadline ${DEADLINE_MS} ms), last steps: ${steps}; ${r.stderr.slice(-600)}`,
    };
  }
  return { report: JSON.parse(line) as DriveReport, error: '' };
}

describe('booby-trapped schema', () => {
  it('a ledger with trapped views, triggers, generated columns and foreign objects opens, notes every trap, and never queries one', () => {
    const { report, error } = driveInChild(trapped.ledger.sessionDir);
    expect(report, error).not.toBeNull();
    expect(report!.problems).toEqual([]);
    // Nothing listed is refused: the fts5 shadow tables belong to the foreign virtual table and are not listed at all.
    const refused = report!.steps.filter((s) => s.outcome !== 'ok');
    expect(refused.map((s) => `${s.step}: ${s.outcome} ${s.message}`)).toEqual([]);
    expect(report!.tables.filter((t) => /^evil_fts_/.test(t))).toEqual([]);
    for (const t of trapped.trappedTables) expect(report!.tables, t).not.toContain(t);
    expect(report!.tables).toContain('net_events');
    const notes = report!.notes.join('\n');
    for (const name of ['audit_events', 'substitution_events', 'model_items', 'net_events_trap', 'evil_table', 'evil_view', 'evil_fts']) {
      expect(notes, `no note names ${name}`).toMatch(new RegExp(`SCHEMA_UNEXPECTED: .*\\b${name}\\b`));
    }
    expect(report!.steps.map((s) => s.step)).toEqual(expect.arrayContaining(['integrity.report', 'verify.done', 'sql.run', 'export']));
  });

  it('a required ledger table that is a view is refused by name, promptly', () => {
    const { report, error } = driveInChild(required.sessionDir);
    expect(report, error).not.toBeNull();
    expect(report!.steps[0]).toMatchObject({ step: 'open', outcome: 'SCHEMA_UNEXPECTED' });
    expect(report!.steps[0]!.message).toMatch(/net_events/);
  });
});

describe('hardening pragmas read back on every connection', () => {
  const EXPECTED = { trusted_schema: 0, query_only: 1, cell_size_check: 1, mmap_size: 0 };
  const seen: { name: string; scratch: boolean; pragmas: Record<string, number> }[] = [];
  const originalClose = Database.prototype.close;

  beforeAll(() => {
    // Read the pragmas back on every connection just before it closes, whoever opened it.
    Database.prototype.close = function patchedClose(this: Database.Database) {
      if (this.open) {
        const pragmas = Object.fromEntries(Object.keys(EXPECTED).map((p) => [p, Number(this.pragma(p, { simple: true }))]));
        seen.push({ name: this.name, scratch: isScratchPath(this.name), pragmas });
      }
      return originalClose.call(this);
    };
  });
  afterAll(() => {
    Database.prototype.close = originalClose;
  });

  it('on the evidence connection', async () => {
    const opened = await openEvidence([trapped.ledger.sessionDir], { scratchRoot: work });
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    const direct = Object.fromEntries(Object.keys(EXPECTED).map((p) => [p, Number(opened.value.db.pragma(p, { simple: true }))]));
    expect(direct).toEqual(EXPECTED);
    opened.value.close();
    expect(seen.filter((s) => s.scratch)).not.toEqual([]);
  });

  it('on the host-ledger connection', async () => {
    const home = await writeSampleHome(join(work, 'home'));
    const before = seen.length;
    const r = await openHostLedger(home.hostDbPath, { runDir: home.runDir, scratchRoot: work });
    expect(r.ok).toBe(true);
    const host = seen.slice(before).filter((s) => s.name.endsWith('host.db') && s.scratch);
    expect(host.length).toBeGreaterThan(0);
    for (const s of host) expect(s.pragmas, s.name).toEqual(EXPECTED);
  });

  it('every connection closed during these tests was hardened', () => {
    // Fixture writers open writable connections too; only the product's scratch-copy connections count.
    const scratch = seen.filter((s) => s.scratch);
    expect(scratch.length).toBeGreaterThan(0);
    for (const s of scratch) expect(s.pragmas, s.name).toEqual(EXPECTED);
  });

  it("on the SQL console's child connection (trusted_schema and query_only through the table-valued pragmas)", async () => {
    const opened = await openEvidence([trapped.ledger.sessionDir], { scratchRoot: work });
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    const sql = new SqlConsole();
    try {
      const r = await sql.run(opened.value.snapshot.dbCopyPath, {
        runId: 'p',
        sql: 'SELECT t.trusted_schema, q.query_only, c.cell_size_check FROM pragma_trusted_schema() t, pragma_query_only() q, pragma_cell_size_check() c',
      });
      expect(r.ok && r.value.rows.map((row) => row.map(Number))).toEqual([[0, 1, 1]]);
    } finally {
      sql.dispose();
      opened.value.close();
    }
  });
});

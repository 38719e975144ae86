/**
 * Drives the product the way a user would, through the same service the UI and serve mode call: open, overview,
 * every table's first page, a few events and bodies, search, and optionally the integrity report, the verify job,
 * the SQL console and a WARC export. Every step's outcome is recorded as 'ok' or its failure code, so callers
 * (DB fuzz, schema traps, zero-write audit) judge values, and a crash or hang shows which step it was.
 */
import { join } from 'node:path';
import type { Channel, InspectorEvent } from '../../../src/shared/contract.js';
import { ERROR_CODES } from '../../../src/shared/errors.js';
import type { Result } from '../../../src/shared/errors.js';
import { EvidenceRegistry } from '../../../src/main/core/service/registry.js';
import { createInspectorService } from '../../../src/main/core/service/service.js';
import { iterateBodyRows } from '../../../src/main/core/bodies/iterate-rows.js';
import { checkEvidence } from '../../../src/main/core/check/check-evidence.js';
import { toIntegrityView } from '../../../src/main/core/integrity/integrity-view.js';
import { exportWarc } from '../../../src/main/core/warc/export-job.js';

const NAMED = new Set<string>(ERROR_CODES.filter((c) => c !== 'INTERNAL'));

export interface DriveOptions {
  readonly scratchRoot?: string;
  /** Integrity report, verify job (worker threads) and one SQL console query. */
  readonly deep?: boolean;
  /** Export a WARC into this folder (outside the evidence). */
  readonly exportDir?: string;
  readonly maxBodies?: number;
  /** Progress marks (e.g. to stderr) so a parent can tell where a child hung or died. */
  readonly mark?: (step: string) => void;
}

export interface StepOutcome {
  readonly step: string;
  /** 'ok' or a failure code. */
  readonly outcome: string;
  readonly message?: string;
}

export interface DriveReport {
  readonly steps: readonly StepOutcome[];
  /** Steps whose outcome is INTERNAL, unknown, or thrown (a contract breach). */
  readonly problems: readonly string[];
  readonly tables: readonly string[];
  readonly notes: readonly string[];
}

export async function driveSession(paths: string[], opts: DriveOptions = {}): Promise<DriveReport> {
  const registry = new EvidenceRegistry({ openOptions: { scratchRoot: opts.scratchRoot }, sampleDir: null });
  const service = createInspectorService({
    registry,
    saveBody: () => ({ kind: 'download', url: '/none' }) as never,
    integrityReport: async (e) => toIntegrityView(await checkEvidence(e)),
  });
  const steps: StepOutcome[] = [];
  const problems: string[] = [];
  const record = (step: string, r: Result<unknown>): void => {
    const outcome = r.ok ? 'ok' : r.error.code;
    steps.push(r.ok ? { step, outcome } : { step, outcome, message: r.error.message });
    if (!r.ok && !NAMED.has(outcome)) problems.push(`${step}: ${outcome}: ${r.error.message}`);
  };
  const call = async <C extends Channel>(step: string, channel: C, arg: unknown) => {
    opts.mark?.(step);
    try {
      const r = await service.handle(channel, arg);
      record(step, r);
      return r;
    } catch (error) {
      problems.push(`${step}: threw ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return null;
    }
  };
  let tables: string[] = [];
  let notes: string[] = [];
  try {
    opts.mark?.('open');
    const opened = await service.openPaths(paths);
    // Evidence SQLite cannot open is listed as DAMAGED (service/unreadable.ts): to the harness a refusal by that name,
    // whose report and verdict must still answer by name.
    if (opened.ok && opened.value.unreadable) {
      record('open', { ok: false, error: opened.value.unreadable });
      await call('integrity.report', 'integrity.report', { evidenceId: opened.value.id });
      await call('integrity.verdict', 'integrity.verdict', { evidenceId: opened.value.id });
      return { steps, problems, tables, notes };
    }
    record('open', opened);
    if (!opened.ok) return { steps, problems, tables, notes };
    const id = opened.value.id;
    const evidence = registry.get(id);
    notes = evidence.notes.map((n) => `${n.code}: ${n.message}`);
    await call('overview', 'overview', { evidenceId: id });
    const list = await call('tables.list', 'tables.list', { evidenceId: id });
    tables = list?.ok ? (list.value as readonly { name: string }[]).map((t) => t.name) : [];
    for (const table of tables) await call(`page ${table}`, 'tables.page', { evidenceId: id, table, limit: 50 });
    await call('search', 'search', { evidenceId: id, query: 'a', limit: 20 });
    let n = 0;
    opts.mark?.('bodies');
    for (const row of iterateBodyRows(evidence)) {
      if (n++ >= (opts.maxBodies ?? 8)) break;
      const key = { eventId: row.eventId, sourceTable: row.sourceTable, direction: row.direction };
      await call(`body ${row.id}`, 'body.window', { evidenceId: id, key, offset: 0, length: 4096 });
      if (n === 1) await call('event', 'event.get', { evidenceId: id, eventId: row.eventId });
    }
    if (opts.deep) {
      await call('integrity.report', 'integrity.report', { evidenceId: id });
      await verifyJob(service, id, (step, r) => record(step, r), opts.mark);
      // A generous deadline: the console's child starts cold here (and under strace), and its 5 s default counts start-up.
      await call('sql.run', 'sql.run', {
        evidenceId: id,
        runId: 'hostile-1',
        sql: 'SELECT name FROM sqlite_master LIMIT 5',
        deadlineMs: 60_000,
      });
    }
    if (opts.exportDir) {
      opts.mark?.('export');
      const r = await exportWarc(evidence, { destination: join(opts.exportDir, 'session.warc.gz') });
      record('export', r);
    }
    await call('close', 'evidence.close', { evidenceId: id });
  } catch (error) {
    problems.push(`threw ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  } finally {
    service.dispose();
  }
  return { steps, problems, tables, notes };
}

async function verifyJob(
  service: ReturnType<typeof createInspectorService>,
  id: string,
  record: (step: string, r: Result<unknown>) => void,
  mark?: (s: string) => void,
): Promise<void> {
  mark?.('verify');
  const done = new Promise<InspectorEvent>((resolve) => {
    const off = service.onEvent((e) => {
      if (e.name === 'job.done') {
        off();
        resolve(e);
      }
    });
  });
  const started = await service.handle('jobs.verify.start', { evidenceId: id });
  record('verify.start', started);
  if (!started.ok) return;
  const e = await done;
  const outcome = (e.payload as { outcome: Result<unknown> }).outcome;
  record('verify.done', outcome);
}

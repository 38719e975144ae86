/**
 * A turn's coverage: what its rows hold against what they say they should, read over every row of the turn (not
 * only those a page shows) and kept per turn header, so each page that shows the header pays for it once.
 *
 * - bodies: a body is expected where the archive index holds one for a row of the turn, or where the row kept a
 *   preview of a captured HTTP body (net_events request and response, model_calls request) whose body the index
 *   lacks: the rule BODY_PREVIEW_ONLY holds the ledger to. Whether every tool call's content is archived is not
 *   documented, so an absent tool body is not counted as expected.
 * - output: exec_events' stdout_bytes + stderr_bytes (the true totals) against the bytes kept of each lane, its body
 *   or else its preview, as EXEC_OUTPUT_EXCERPT reads them. A generation without stderr_bytes counts stdout only.
 * - overflow windows: file-monitor overflow rows whose time lies between the turn's first and last row. The ledger
 *   ties no overflow to a turn: this places it by time, not by cause.
 */
import type Database from 'better-sqlite3';
import type { TranscriptCoverage } from '../../../shared/contract/transcript.js';
import { bytesText } from '../../../shared/bytes-text.js';
import { plural } from '../../../shared/plural.js';
import { indexedBodiesOf } from '../completeness/indexed-bodies.js';
import { laneOutput, previewOnlyDirections } from '../completeness/row-gaps.js';
import { quoteIdent } from '../evidence/sql-values.js';
import { hasColumn, hasTable } from '../queries/schema.js';
import type { Entry } from '../traces/order.js';
import { timeExpr } from '../traces/trace-rows.js';
import { inChunks, marks } from '../evidence/sql-in-list.js';

type Row = Readonly<Record<string, unknown>>;

/** The columns coverage reads of a row, where the table has them: never the large text columns. */
const WANTED = [
  'event_id',
  'request_body_preview',
  'response_body_preview',
  'stdout_bytes',
  'stderr_bytes',
  'stdout_preview',
  'stderr_preview',
];

const kept = new WeakMap<Entry, TranscriptCoverage>();
const overflowTimes = new WeakMap<Database.Database, readonly number[]>();

/** The turn's rowids per table, the MCP proxy captures folded into its calls included. */
function idsByTable(rows: readonly Entry[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const add = (table: string, id: number): void => {
    const ids = out.get(table);
    if (ids) ids.push(id);
    else out.set(table, [id]);
  };
  for (const e of rows) {
    if (!e.table) continue;
    add(e.table, e.id);
    for (const f of e.folded ?? []) add('tool_calls', f);
  }
  return out;
}

function overflowsOf(db: Database.Database): readonly number[] {
  let t = overflowTimes.get(db);
  if (t) return t;
  const time = timeExpr(db, 'fs_events');
  t =
    hasTable(db, 'fs_events') && hasColumn(db, 'fs_events', 'action')
      ? (db.prepare(`SELECT ${time.expr} AS ts FROM fs_events x WHERE x.action = 'overflow'`).pluck().all() as unknown[])
          .map(time.ms)
          .filter((ms): ms is number => ms !== null)
      : [];
  overflowTimes.set(db, t);
  return t;
}

export function coverageSentence(c: Omit<TranscriptCoverage, 'says'>): string {
  const bodies = c.bodies.expected === 0 ? 'no bodies expected' : `bodies ${c.bodies.present} of ${c.bodies.expected} in the archive`;
  const output = c.output === null ? 'no command output' : `output ${bytesText(c.output.kept)} of ${bytesText(c.output.produced)} kept`;
  const overflow =
    c.overflowWindows === 0
      ? 'no file-monitor overflow in its time'
      : `${plural(c.overflowWindows, 'file-monitor overflow window')} in its time (placed by time, not by cause)`;
  return `${bodies} · ${output} · ${overflow}`;
}

/**
 * The coverage of the turn `turn` heads, over the entries of its span (spans.ts), asked for only the first
 * time; null when its span is not at hand.
 */
export function turnCoverage(db: Database.Database, turn: Entry, rowsOf: () => readonly Entry[] | null): TranscriptCoverage | null {
  const known = kept.get(turn);
  if (known) return known;
  const rows = rowsOf();
  if (rows === null) return null;
  let present = 0;
  let missing = 0;
  let output: { kept: number; produced: number } | null = null;
  let first = Infinity;
  let last = -Infinity;
  for (const [table, ids] of idsByTable(rows)) {
    if (!hasTable(db, table)) continue;
    const time = timeExpr(db, table);
    const cols = WANTED.filter((c) => hasColumn(db, table, c)).map((c) => `x.${quoteIdent(c)}`);
    for (const part of inChunks(ids)) {
      const found = db
        .prepare(`SELECT ${[...cols, `${time.expr} AS ts__`].join(', ')} FROM ${quoteIdent(table)} x WHERE x.id IN (${marks(part.length)})`)
        .all(...part) as Row[];
      const bodies = indexedBodiesOf(
        db,
        table,
        found.map((r) => r.event_id).filter((e): e is string => typeof e === 'string' && e !== ''),
      );
      for (const r of found) {
        const own = typeof r.event_id === 'string' ? (bodies.get(r.event_id) ?? []) : [];
        present += own.length;
        missing += previewOnlyDirections(db, table, r, own).length;
        const ms = time.ms(r.ts__);
        if (ms !== null) [first, last] = [Math.min(first, ms), Math.max(last, ms)];
        if (table !== 'exec_events') continue;
        for (const lane of ['stdout', 'stderr'] as const) {
          const o = laneOutput(db, r, lane, own);
          if (!o) continue;
          output ??= { kept: 0, produced: 0 };
          output.produced += o.produced;
          output.kept += Math.min(o.kept, o.produced);
        }
      }
    }
  }
  const overflowWindows = overflowsOf(db).filter((t) => t >= first && t <= last).length;
  const counted = { bodies: { present, expected: present + missing }, output, overflowWindows };
  const c: TranscriptCoverage = { ...counted, says: coverageSentence(counted) };
  kept.set(turn, c);
  return c;
}

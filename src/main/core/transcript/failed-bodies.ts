// What a transcript's header says of its bodies: how many of the bodies its lines quote failed the last
// verification (the chip beside the other findings; each is marked on its line, lines/line-base.ts), or that no
// verification has finished yet, so a failed body cannot be marked.
import type Database from 'better-sqlite3';
import type { TranscriptFindingKind } from '../../../shared/contract/transcript.js';
import type { VerifiedBodies } from '../jobs/verified-bodies.js';
import { verifiedBodiesOf } from '../jobs/verified-bodies.js';
import { marks } from '../evidence/sql-in-list.js';
import { hasColumn, hasTable } from '../queries/schema.js';
import { UNTRACED_TABLES } from './untraced.js';

const counted = new WeakMap<VerifiedBodies, Map<string, number>>();

/** Failures of bodies whose row the transcript tells: every row of the session, or those carrying the trace. */
function failedIn(db: Database.Database, v: VerifiedBodies, traceId: string | null): number {
  const memo = counted.get(v) ?? new Map<string, number>();
  counted.set(v, memo);
  const known = memo.get(traceId ?? '\0session');
  if (known !== undefined) return known;
  const byTable = new Map<string, Set<string>>();
  for (const f of v.failures) byTable.set(f.sourceTable, (byTable.get(f.sourceTable) ?? new Set()).add(f.eventId));
  let n = 0;
  for (const [table, ids] of byTable) {
    // The table name comes from the ledger's index: only tables the transcript tells are asked.
    if (!UNTRACED_TABLES.includes(table) || !hasTable(db, table) || !hasColumn(db, table, 'event_id')) continue;
    if (traceId !== null && !hasColumn(db, table, 'trace_id')) continue;
    const list = [...ids];
    const found = new Set<string>();
    for (let i = 0; i < list.length; i += 500) {
      const part = list.slice(i, i + 500);
      const sql = `SELECT DISTINCT event_id FROM ${table} WHERE event_id IN (${marks(part.length)})${traceId === null ? '' : ' AND trace_id = ?'}`;
      for (const e of db
        .prepare(sql)
        .pluck()
        .all(...part, ...(traceId === null ? [] : [traceId])) as unknown[])
        found.add(String(e));
    }
    for (const f of v.failures) if (f.sourceTable === table && found.has(f.eventId)) n++;
  }
  memo.set(traceId ?? '\0session', n);
  return n;
}

function hasBodies(db: Database.Database): boolean {
  return hasTable(db, 'event_body_blobs') && db.prepare('SELECT 1 FROM event_body_blobs LIMIT 1').get() !== undefined;
}

/** The page's findings with the failed bodies counted in, and what its note must add about them (or null). */
export function withFailedBodies(
  db: Database.Database,
  traceId: string | null,
  findings: Partial<Record<TranscriptFindingKind, number>>,
): { findings: Partial<Record<TranscriptFindingKind, number>>; note: string | null } {
  const v = verifiedBodiesOf(db);
  if (!v) {
    return {
      findings,
      note: hasBodies(db) ? 'its bodies are not verified yet: a failed body is marked on its line once the verification has run' : null,
    };
  }
  const n = failedIn(db, v, traceId);
  const out = n > 0 ? { ...findings, body_failed: n } : findings;
  return {
    findings: out,
    note:
      v.omitted > 0
        ? `${v.omitted.toLocaleString('en-US')} more failed bodies were counted but not listed by the verification: their lines are not marked`
        : null,
  };
}

/** Notes joined as one sentence list, none left out. */
export const joinNotes = (...notes: (string | null)[]): string | null => notes.filter((x): x is string => !!x).join('; ') || null;

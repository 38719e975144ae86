// Matching model calls to their HTTP responses for the NULL model / NULL tokens evidence: same method and path to a
// known provider host (same trace when both tables have trace_id, else any trace), nearest in time, then lowest id.
//
// All the samples are matched in one pass over the provider traffic. Asked one sample at a time, each lookup was a
// scan of net_events (its rows carry headers and are wide): ~150 ms each on a million-event ledger, up to ten per
// report. The order is SQL's `ORDER BY ABS(julianday(timestamp) - julianday(sample)), id`: a NULL distance (either
// time missing or unparseable) sorts first, as NULL does in SQLite, and ties go to the lower id. julianday() is
// computed by SQLite for both sides, so the distances are the same doubles.
import type Database from 'better-sqlite3';
import { AI_BARE_DOMAIN_WHERE, AI_DOMAIN_WHERE } from './providers.js';
import { hasTable } from '../queries/schema.js';
import { columnsOf } from '../queries/ledger-reads.js';

export interface MatchSample {
  readonly method: unknown;
  readonly path: unknown;
  readonly traceId: unknown;
  /** julianday(timestamp) of the model call, as SQLite computes it (null when missing or unparseable). */
  readonly julian: number | null;
}

export interface ResponseMatch {
  readonly id: number;
  readonly gzip: boolean;
}

/** A candidate's rank against one sample: [distance or null, id]; smaller first, null distance first of all. */
type Rank = { dist: number | null; id: number };

const before = (a: Rank, b: Rank): boolean => {
  if (a.dist === null || b.dist === null) return a.dist === b.dist ? a.id < b.id : a.dist === null;
  return a.dist !== b.dist ? a.dist < b.dist : a.id < b.id;
};

/** The best response per sample (null when none matches), in the samples' order. */
export function matchResponses(db: Database.Database, samples: readonly MatchSample[]): (ResponseMatch | null)[] {
  if (samples.length === 0 || !hasTable(db, 'net_events')) return samples.map(() => null);
  const ne = columnsOf(db, 'net_events');
  if (!ne.has('path') || !ne.has('method') || !ne.has('domain')) return samples.map(() => null);
  const traced = ne.has('trace_id') && hasTable(db, 'model_calls') && columnsOf(db, 'model_calls').has('trace_id');
  const timed = ne.has('timestamp');
  // Only rows with some sample's method and path come back (handing every provider row to JS cost 4x a lookup).
  const pairs = distinctPairs(samples);
  const rows = db
    .prepare(
      `SELECT id, method, path, ${traced ? 'trace_id' : 'NULL'}, ${timed ? 'julianday(timestamp)' : 'NULL'} FROM net_events ` +
        `WHERE (${AI_DOMAIN_WHERE} OR ${AI_BARE_DOMAIN_WHERE}) AND (${pairs.map(() => '(method IS ? AND path IS ?)').join(' OR ')})`,
    )
    .raw(true)
    .bind(...pairs.flat());
  const inTrace: (Rank | null)[] = samples.map(() => null);
  const anyTrace: (Rank | null)[] = samples.map(() => null);
  for (const r of rows.iterate() as Iterable<[number, unknown, unknown, unknown, number | null]>) {
    const [id, method, path, traceId, julian] = r;
    samples.forEach((s, i) => {
      if (!same(method, s.method) || !same(path, s.path)) return;
      // Without a timestamp column SQL ordered by `0 * LENGTH(sample time)`: 0, or NULL when the sample has none.
      const dist = timed ? (julian === null || s.julian === null ? null : Math.abs(julian - s.julian)) : s.julian === null ? null : 0;
      const rank = { dist, id };
      if (anyTrace[i] === null || before(rank, anyTrace[i]!)) anyTrace[i] = rank;
      if (traced && s.traceId !== null && same(traceId, s.traceId) && (inTrace[i] === null || before(rank, inTrace[i]!))) inTrace[i] = rank;
    });
  }
  const gzip = ne.has('response_headers')
    ? db.prepare("SELECT LOWER(COALESCE(response_headers, '')) LIKE '%content-encoding%gzip%' FROM net_events WHERE id = ?").pluck()
    : null;
  return samples.map((_, i) => {
    const best = inTrace[i] ?? anyTrace[i];
    return best ? { id: best.id, gzip: gzip ? gzip.get(best.id) === 1 : false } : null;
  });
}

/** The samples' (method, path) pairs, each once. */
function distinctPairs(samples: readonly MatchSample[]): unknown[][] {
  const out: unknown[][] = [];
  for (const s of samples) if (!out.some(([m, p]) => same(m, s.method) && same(p, s.path))) out.push([s.method, s.path]);
  return out;
}

/** SQL's `a IS b` for the values SQLite hands back: NULLs equal, else the same type and value. */
function same(a: unknown, b: unknown): boolean {
  if (a === null || a === undefined) return b === null || b === undefined;
  if (a instanceof Uint8Array && b instanceof Uint8Array) return Buffer.compare(a, b) === 0;
  return a === b;
}

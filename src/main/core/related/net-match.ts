// A model call's HTTP exchange (docs/formats/identity-graph.md#model-call-and-its-http-exchange): no column joins
// model_calls to net_events (their event_ids differ), so the net row is matched by trace, time, provider host, path
// and method and, where both have bodies, identical body hashes; the answer says which of these matched. Candidates
// come from an index range: net_events by timestamp for a model call, model_calls by trace (or by provider and
// timestamp) for a net row.
import type Database from 'better-sqlite3';
import type { NetEvidence, NetMatch, RelatedRow } from '../../../shared/contract/related.js';
import { isoMs } from '../traces/sql-columns.js';
import { marks } from '../evidence/sql-in-list.js';
import type { Rec } from './rows.js';
import { has, relatedRow, str } from './rows.js';

/** How far before and after the model call's timestamp its HTTP row is looked for. */
const BEFORE_MS = 120_000;
const AFTER_MS = 30_000;
const MAX_CANDIDATES = 200;
/** Weights: identical body bytes are near proof; path and host are strong; the rest only break ties. */
const WEIGHT: Record<NetEvidence, number> = { request_body_hash: 4, response_body_hash: 4, path: 2, host: 2, method: 1, trace: 1, time: 0 };
/** Hosts of the providers Capsem records (model_calls.provider), by suffix. */
const PROVIDER_HOSTS: Record<string, readonly string[]> = {
  anthropic: ['anthropic.com'],
  openai: ['openai.com'],
  google: ['googleapis.com'],
  gemini: ['googleapis.com'],
};

/** ISO text bounds that compare correctly against stored RFC 3339 text of any fraction width. */
function lowerBound(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}
function upperBound(ms: number): string {
  return `${new Date(ms + 1000).toISOString().slice(0, 19)}`;
}

function hostMatches(provider: string | null, domain: string | null): boolean {
  if (!provider || !domain) return false;
  const d = domain.toLowerCase();
  const p = provider.toLowerCase();
  return (PROVIDER_HOSTS[p] ?? []).some((h) => d === h || d.endsWith(`.${h}`)) || d.includes(p);
}

/** Body hashes per event_id and direction for one source table (index on event_id). */
function bodyHashes(db: Database.Database, table: string, eventIds: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  if (eventIds.length === 0 || !has(db, 'event_body_blobs', 'event_id', 'source_table', 'direction', 'body_hash')) return out;
  const rows = db
    .prepare(
      `SELECT event_id AS e, direction AS d, body_hash AS h FROM event_body_blobs WHERE event_id IN (${marks(eventIds.length)}) AND source_table = ?`,
    )
    .all(...eventIds, table) as { e: string; d: string; h: string }[];
  for (const r of rows) out.set(`${r.e}\0${r.d}`, String(r.h));
  return out;
}

interface Side {
  readonly rec: Rec;
  readonly ms: number | null;
  readonly trace: string | null;
  readonly path: string | null;
  readonly method: string | null;
  readonly event: string | null;
}
const side = (r: Rec): Side => ({
  rec: r,
  ms: isoMs(r.timestamp),
  trace: str(r.trace_id),
  path: str(r.path),
  method: str(r.method),
  event: str(r.event_id),
});

function judge(
  mc: Side,
  net: Side,
  provider: string | null,
  domain: string | null,
  mcH: Map<string, string>,
  netH: Map<string, string>,
): NetEvidence[] | null {
  // Two known traces that differ rule the pair out: an exchange belongs to the trace that caused it.
  if (mc.trace && net.trace && mc.trace !== net.trace) return null;
  const got: NetEvidence[] = [];
  if (mc.trace && net.trace) got.push('trace');
  got.push('time');
  if (hostMatches(provider, domain)) got.push('host');
  if (mc.path && net.path && mc.path === net.path) got.push('path');
  if (mc.method && net.method && mc.method.toUpperCase() === net.method.toUpperCase()) got.push('method');
  for (const d of ['request', 'response'] as const) {
    const a = mc.event ? mcH.get(`${mc.event}\0${d}`) : undefined;
    const b = net.event ? netH.get(`${net.event}\0${d}`) : undefined;
    if (a && b && a === b) got.push(d === 'request' ? 'request_body_hash' : 'response_body_hash');
  }
  // At least one of host, path or a body hash: time and trace alone tie any two rows of a busy trace.
  return got.some((e) => e === 'host' || e === 'path' || e === 'request_body_hash' || e === 'response_body_hash') ? got : null;
}

const score = (e: readonly NetEvidence[]): number => e.reduce((n, x) => n + WEIGHT[x], 0);

function decide(self: Side, pairs: { other: Side; row: RelatedRow; evidence: NetEvidence[] | null }[], what: string): NetMatch {
  const ok = pairs.filter((p): p is typeof p & { evidence: NetEvidence[] } => p.evidence !== null);
  const dist = (p: { other: Side }): number =>
    self.ms !== null && p.other.ms !== null ? Math.abs(p.other.ms - self.ms) : Number.MAX_SAFE_INTEGER;
  ok.sort((a, b) => score(b.evidence) - score(a.evidence) || dist(a) - dist(b) || a.row.rowid - b.row.rowid);
  const best = ok[0];
  if (!best)
    return {
      row: null,
      matched: [],
      deltaMs: null,
      candidates: pairs.length,
      ties: [],
      note: `no ${what} in the time window matched on host, path or body hash (${pairs.length} looked at)`,
    };
  const ties = ok
    .slice(1)
    .filter((p) => score(p.evidence) === score(best.evidence))
    .map((p) => p.row);
  const deltaMs = self.ms !== null && best.other.ms !== null ? Math.round(best.other.ms - self.ms) : null;
  return {
    row: best.row,
    matched: best.evidence,
    deltaMs,
    candidates: pairs.length,
    ties,
    note: ties.length
      ? `${ties.length + 1} ${what}s match equally; the nearest in time is shown`
      : `matched on ${best.evidence.join(', ')}`,
  };
}

/** The net_events row that carried this model call. */
export function netForModelCall(db: Database.Database, mc: Rec): NetMatch | null {
  if (!has(db, 'net_events', 'timestamp')) return null;
  const self = side(mc);
  if (self.ms === null)
    return {
      row: null,
      matched: [],
      deltaMs: null,
      candidates: 0,
      ties: [],
      note: 'the model call has no readable timestamp, so no time window to search',
    };
  const cands = db
    .prepare('SELECT _rowid_ AS __rowid, * FROM net_events WHERE timestamp >= ? AND timestamp <= ? ORDER BY timestamp LIMIT ?')
    .all(lowerBound(self.ms - BEFORE_MS), upperBound(self.ms + AFTER_MS), MAX_CANDIDATES) as Rec[];
  const mcH = bodyHashes(db, 'model_calls', self.event ? [self.event] : []);
  const netH = bodyHashes(
    db,
    'net_events',
    cands.map((c) => str(c.event_id)).filter((e): e is string => e !== null),
  );
  const provider = str(mc.provider);
  return decide(
    self,
    cands.map((c) => ({
      other: side(c),
      row: relatedRow('net_events', c, self.trace),
      evidence: judge(self, side(c), provider, str(c.domain), mcH, netH),
    })),
    'net_events row',
  );
}

/** The model call a net_events row carried, if any (most net rows carry none: that is no finding). */
export function modelCallForNet(db: Database.Database, net: Rec): NetMatch | null {
  if (!has(db, 'model_calls', 'timestamp')) return null;
  const self = side(net);
  if (self.ms === null) return null;
  const lo = lowerBound(self.ms - AFTER_MS);
  const hi = upperBound(self.ms + BEFORE_MS);
  // By trace when the net row has one (index on model_calls.trace_id), else by provider and time (index on both).
  const cands =
    self.trace && has(db, 'model_calls', 'trace_id')
      ? (db
          .prepare('SELECT _rowid_ AS __rowid, * FROM model_calls WHERE trace_id = ? AND timestamp >= ? AND timestamp <= ? LIMIT ?')
          .all(self.trace, lo, hi, MAX_CANDIDATES) as Rec[])
      : has(db, 'model_calls', 'provider')
        ? (db.prepare('SELECT DISTINCT provider AS p FROM model_calls').all() as { p: string }[]).flatMap(
            (p) =>
              db
                .prepare('SELECT _rowid_ AS __rowid, * FROM model_calls WHERE provider = ? AND timestamp >= ? AND timestamp <= ? LIMIT ?')
                .all(p.p, lo, hi, MAX_CANDIDATES) as Rec[],
          )
        : [];
  const netH = bodyHashes(db, 'net_events', self.event ? [self.event] : []);
  const mcH = bodyHashes(
    db,
    'model_calls',
    cands.map((c) => str(c.event_id)).filter((e): e is string => e !== null),
  );
  const domain = str(net.domain);
  return decide(
    self,
    cands.map((c) => ({
      other: side(c),
      row: relatedRow('model_calls', c, self.trace),
      evidence: judge(side(c), self, str(c.provider), domain, mcH, netH),
    })),
    'model call',
  );
}

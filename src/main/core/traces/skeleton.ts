// The whole transcript's order (entries, no text), built once per trace or session and kept per connection:
// paging then slices it, so a page at any depth costs only its own rows. A ledger's snapshot never changes,
// so nothing kept here goes stale; the few most recent are kept.
import type Database from 'better-sqlite3';
import { InspectorError } from '../../../shared/errors.js';
import type { Entry } from './order.js';
import { orderTrace } from './order.js';
import type { ItemKey, TraceRows } from './trace-rows.js';
import { readTraceRows } from './trace-rows.js';
import { receiveTranscriptsAhead } from './trace-keys.js';

export interface Skeleton {
  readonly entries: readonly Entry[];
  readonly note: string | null;
  /** model_items rowids per model call, in item order. */
  readonly items: ReadonlyMap<number, readonly number[]>;
}

function itemsByCall(rows: Iterable<TraceRows>): Map<number, number[]> {
  const acc = new Map<number, ItemKey[]>();
  for (const r of rows) {
    for (const it of r.items) {
      const list = acc.get(it.mc);
      if (list) list.push(it);
      else acc.set(it.mc, [it]);
    }
  }
  return new Map([...acc].map(([mc, list]) => [mc, list.sort((a, b) => a.index - b.index || a.id - b.id).map((i) => i.id)]));
}

const KEEP = 4;
const kept = new WeakMap<Database.Database, Map<string, Skeleton>>();

/** Whether a model_calls row of this id exists (asked of the ledger once per id, per connection). */
export function modelCallExists(db: Database.Database): (id: number) => boolean {
  let f = existsOf.get(db);
  if (!f) existsOf.set(db, (f = existsQuery(db)));
  return f;
}
const existsOf = new WeakMap<Database.Database, (id: number) => boolean>();

function existsQuery(db: Database.Database): (id: number) => boolean {
  const known = new Map<number, boolean>();
  let q: Database.Statement | null = null;
  return (id) => {
    let v = known.get(id);
    if (v === undefined) {
      try {
        q ??= db.prepare('SELECT 1 FROM model_calls WHERE id = ?');
        v = q.get(id) !== undefined;
      } catch {
        v = false;
      }
      known.set(id, v);
    }
    return v;
  };
}

/** One trace's skeleton (also made ahead in the trace-keys worker for large traces, see seedSkeleton). */
export function buildTraceSkeleton(db: Database.Database, traceId: string): Skeleton {
  const rows = readTraceRows(db, traceId).get(traceId);
  if (!rows || (rows.mcs.length === 0 && rows.tcs.length === 0 && rows.trs.length === 0)) {
    throw new InspectorError('BAD_REQUEST', `no model call, tool call or tool response carries trace_id ${traceId}`);
  }
  return { entries: orderTrace(traceId, rows, existsQuery(db)), note: null, items: itemsByCall([rows]) };
}

/**
 * Large traces' skeletons are made ahead, off the main thread (trace-keys-worker.ts): ordering a 5,000-call
 * trace reads ~150,000 rows and takes a second or more, which its first screen cannot wait for. The worker names
 * the traces it will make (expectSkeletons), a page asked meanwhile waits for it (skeletonAhead), and each one is
 * kept like a skeleton built here (seedSkeleton). A worker that fails or ends settles every wait (dropExpected).
 */
const ahead = new WeakMap<Database.Database, Map<string, { promise: Promise<void>; resolve: () => void }>>();

export function expectSkeletons(db: Database.Database, traceIds: readonly string[]): void {
  let m = ahead.get(db);
  if (!m) ahead.set(db, (m = new Map()));
  for (const t of traceIds) {
    if (m.has(t) || kept.get(db)?.has(t)) continue;
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    m.set(t, { promise, resolve });
  }
}

export function seedSkeleton(db: Database.Database, traceId: string, sk: Skeleton): void {
  let m = kept.get(db);
  if (!m) kept.set(db, (m = new Map()));
  if (!m.has(traceId)) {
    m.set(traceId, sk);
    while (m.size > KEEP) m.delete(m.keys().next().value!);
  }
  const w = ahead.get(db)?.get(traceId);
  ahead.get(db)?.delete(traceId);
  w?.resolve();
}

export function dropExpected(db: Database.Database): void {
  const m = ahead.get(db);
  if (!m) return;
  ahead.delete(db);
  for (const w of m.values()) w.resolve();
}

/** Resolves once a skeleton the worker is making for this trace is in; undefined when none is coming. */
export function skeletonAhead(db: Database.Database, traceId: string | null): Promise<void> | undefined {
  if (traceId === null || kept.get(db)?.has(traceId)) return undefined;
  return ahead.get(db)?.get(traceId)?.promise;
}

/** The trace's skeleton if one is kept (never builds one). */
export function keptSkeleton(db: Database.Database, traceId: string): Skeleton | null {
  return kept.get(db)?.get(traceId) ?? null;
}

/** One trace's skeleton, kept (the whole session pages over these, see session-index.ts). */
export function transcriptSkeleton(db: Database.Database, traceId: string): Skeleton {
  let m = kept.get(db);
  if (!m) kept.set(db, (m = new Map()));
  const key = traceId;
  let sk = m.get(key);
  if (sk) {
    m.delete(key);
    m.set(key, sk);
    return sk;
  }
  sk = buildTraceSkeleton(db, traceId);
  m.set(key, sk);
  while (m.size > KEEP) m.delete(m.keys().next().value!);
  return sk;
}

// The trace-keys worker orders large traces ahead; their orders arrive here.
receiveTranscriptsAhead({
  expect: expectSkeletons,
  seed: (db, traceId, entries, items) =>
    seedSkeleton(db, traceId, { entries, note: null, items: new Map(items.map(([k, v]) => [k, [...v]])) }),
  drop: dropExpected,
});

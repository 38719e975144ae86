/**
 * Per connection and trace, what a trace's every page repeats (its turns, broken invariants and event counts): a
 * read-only copy never changes, and for the 5,000-call trace each costs hundreds of ms a page. Filled by the first
 * page that asks, or ahead of it by the trace-keys worker for large traces (seedTraceMemo).
 */
import type Database from 'better-sqlite3';

/** 'loose' are the first page's rows that hang off no model call (looseItems, looseCalls, looseResponses). */
export type MemoKind = 'turns' | 'broken' | 'events' | 'loose';

const memos = new WeakMap<Database.Database, Map<string, unknown>>();
const key = (kind: MemoKind, traceId: string): string => `${kind}\0${traceId}`;

export function traceMemo<T>(db: Database.Database, kind: MemoKind, traceId: string, compute: () => T): T {
  let m = memos.get(db);
  if (!m) memos.set(db, (m = new Map()));
  const k = key(kind, traceId);
  if (m.has(k)) return m.get(k) as T;
  const v = compute();
  m.set(k, v);
  return v;
}

export function seedTraceMemo(db: Database.Database, kind: MemoKind, traceId: string, value: unknown): void {
  let m = memos.get(db);
  if (!m) memos.set(db, (m = new Map()));
  if (!m.has(key(kind, traceId))) m.set(key(kind, traceId), value);
}

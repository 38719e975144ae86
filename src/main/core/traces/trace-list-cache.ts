/**
 * The trace list per connection (a read-only copy that never changes): made once, by listTraces on first use or by
 * the trace-keys worker after the open (it reads every tool row and model call: seconds at a million events).
 */
import type Database from 'better-sqlite3';
import type { TraceList } from '../../../shared/contract/graph.js';

const lists = new WeakMap<Database.Database, TraceList>();

export function cachedTraceList(db: Database.Database): TraceList | undefined {
  return lists.get(db);
}

export function seedTraceList(db: Database.Database, list: TraceList): void {
  if (!lists.has(db)) lists.set(db, list);
}

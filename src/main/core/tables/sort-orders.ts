/**
 * Background sorts of a table by a column no index serves (shared/contract/table-sort.ts), per connection.
 *
 * A sort runs in sort-worker.ts and hands back the rowids in (column, rowid) order with their reverse lookup (rowid →
 * place, by binary search over the rowids sorted; sort-lookup.ts), both made in the worker, so a page after or before a
 * cursor and a page at a place are both exact and cost one `rowid IN (…)` read. Descending is the same order read
 * from the end (SQLite's `ORDER BY c DESC, rowid DESC` is exactly the reverse of `ORDER BY c, rowid`).
 *
 * Memory: 20 bytes per row of a finished order (8 the order, 8 + 4 the lookup): 20 MB for a 1,000,000-row table;
 * at most MAX_ORDERS finished orders are kept per connection (the least recently used is dropped).
 */
import type Database from 'better-sqlite3';
import type { Worker } from 'node:worker_threads';
import type { PageCursor, PageRequest, SeekPage, TablePage } from '../../../shared/contract.js';
import type { TableSortArg, TableSortStatus } from '../../../shared/contract/table-sort.js';
import { InspectorError } from '../../../shared/errors.js';
import { rowidNumber, toCell } from './cells.js';
import { filterSql } from './filters.js';
import { quoteIdent } from '../evidence/sql-values.js';
import { tableSchema } from '../queries/schema.js';
import { spawnWorker } from '../workers/worker-entry-url.js';
import type { SortWorkerData, SortWorkerReply } from './sort-protocol.js';
import { SortedOrder } from './sort-lookup.js';

export const MAX_ORDERS = 3;
/**
 * Sorts running at once in this process, over every connection: each holds a worker and its rowids (about 65 MB
 * each for a million rows), and forty started by clicking through columns took 2.6 GB. A new sort past this ends
 * the one started longest ago, whose column is no longer the one on screen; asked for again, it starts afresh.
 */
export const MAX_RUNNING_SORTS = 2;
const running = new Set<SortJob>();
const DEFAULT_LIMIT = 200;

interface SortJob {
  state: 'running' | 'done' | 'failed' | 'cancelled';
  read: number;
  total: number | null;
  error?: string;
  worker: Worker | null;
  order: SortedOrder | null;
  used: number;
  /** Said after each change of the fields above that a status shows (the sort.changed event): nobody polls. */
  readonly changed: () => void;
}

const jobs = new WeakMap<Database.Database, Map<string, SortJob>>();

function keyOf(table: string, column: string, filters: PageRequest['filters']): string {
  return JSON.stringify([table, column, filters ?? []]);
}

function jobsOf(db: Database.Database): Map<string, SortJob> {
  let m = jobs.get(db);
  if (!m) jobs.set(db, (m = new Map()));
  return m;
}

/** The column, checked: null when an index (or the rowid) serves the sort and no background sort is needed. */
function unindexedColumn(db: Database.Database, table: string, column: string): string | null {
  const schema = tableSchema(db, table);
  if (!schema.hasRowid) throw new InspectorError('BAD_REQUEST', `table ${table} has no rowid and cannot be paged`);
  const col = schema.columns.find((c) => c.name === column);
  if (!col) throw new InspectorError('BAD_REQUEST', `table ${table} has no column ${column}`);
  return col.sortable ? null : col.name;
}

function statusOf(job: SortJob | undefined): TableSortStatus {
  if (!job) return { state: 'none', read: 0, total: null, rows: null };
  return {
    state: job.state,
    read: job.read,
    total: job.total,
    rows: job.order ? job.order.length : null,
    ...(job.error ? { error: job.error } : {}),
  };
}

/** Drops the least recently used finished orders past MAX_ORDERS (their memory goes with them). */
function trim(m: Map<string, SortJob>): void {
  const done = [...m.entries()].filter(([, j]) => j.state === 'done').sort((a, b) => a[1].used - b[1].used);
  for (const [k] of done.slice(0, Math.max(0, done.length - MAX_ORDERS))) m.delete(k);
}

export function startSort(db: Database.Database, dbCopyPath: string, arg: TableSortArg, changed: () => void): TableSortStatus {
  const column = unindexedColumn(db, arg.table, arg.column);
  if (column === null) return { state: 'indexed', read: 0, total: null, rows: null };
  const m = jobsOf(db);
  const key = keyOf(arg.table, column, arg.filters);
  const known = m.get(key);
  if (known && (known.state === 'running' || known.state === 'done')) return statusOf(known);
  const schema = tableSchema(db, arg.table);
  const where = filterSql(schema, arg.filters);
  const data: SortWorkerData = {
    dbCopyPath,
    table: quoteIdent(schema.name),
    column: quoteIdent(column),
    where: where.sql,
    params: where.params,
  };
  const job: SortJob = { state: 'running', read: 0, total: null, worker: null, order: null, used: Date.now(), changed };
  m.set(key, job);
  makeRoomForOneMore();
  running.add(job);
  try {
    const worker = spawnWorker(import.meta.url, 'sort-worker', { workerData: data });
    job.worker = worker;
    worker.unref();
    worker.on('message', (msg: SortWorkerReply) => {
      if (job.state !== 'running') return;
      if (msg.type === 'total') job.total = msg.total;
      else if (msg.type === 'progress') job.read = msg.read;
      else if (msg.type === 'done') {
        job.order = new SortedOrder(msg.rowids, msg.byRowid, msg.placeOf);
        job.read = job.total ?? job.read;
        job.state = 'done';
        job.worker = null;
        running.delete(job);
        job.used = Date.now();
        trim(m);
      } else {
        job.state = 'failed';
        job.error = msg.message;
        running.delete(job);
      }
      job.changed();
    });
    worker.once('error', (e) => {
      if (job.state !== 'running') return;
      Object.assign(job, { state: 'failed', error: e.message });
      job.changed();
    });
    worker.once('exit', () => {
      job.worker = null;
      running.delete(job);
      if (job.state !== 'running') return;
      Object.assign(job, { state: 'failed', error: 'the sort worker ended before the sort was done' });
      job.changed();
    });
  } catch (e) {
    job.state = 'failed';
    job.error = (e as Error).message;
    running.delete(job);
  }
  return statusOf(job);
}

/** Ends the sorts started longest ago until one more may run (a Set keeps the order they started in). */
function makeRoomForOneMore(): void {
  for (const oldest of running) {
    if (running.size < MAX_RUNNING_SORTS) return;
    endSort(
      oldest,
      `ended to make room for a newer sort (at most ${MAX_RUNNING_SORTS} run at once); sort by this column again to restart it`,
    );
  }
}

function endSort(job: SortJob, why?: string): void {
  running.delete(job);
  if (job.state !== 'running') return;
  job.state = 'cancelled';
  if (why) job.error = why;
  void job.worker?.terminate();
  job.worker = null;
  job.changed();
}

export function sortStatus(db: Database.Database, arg: TableSortArg): TableSortStatus {
  const column = unindexedColumn(db, arg.table, arg.column);
  if (column === null) return { state: 'indexed', read: 0, total: null, rows: null };
  return statusOf(jobsOf(db).get(keyOf(arg.table, column, arg.filters)));
}

export function cancelSort(db: Database.Database, arg: TableSortArg): void {
  const job = jobsOf(db).get(keyOf(arg.table, arg.column, arg.filters));
  if (job) endSort(job);
}

/** Ends every running sort of a connection (it is closing). */
export function cancelAllSorts(db: Database.Database): void {
  for (const job of jobs.get(db)?.values() ?? []) endSort(job);
  jobs.delete(db);
}

/** The finished order serving this page's sort, or null (no sort, an indexed one, or none finished yet). */
export function finishedOrder(db: Database.Database, req: Pick<PageRequest, 'table' | 'sort' | 'filters'>): SortedOrder | null {
  if (!req.sort) return null;
  const job = jobs.get(db)?.get(keyOf(req.table, req.sort.column, req.filters));
  if (job?.state !== 'done' || !job.order) return null;
  job.used = Date.now();
  return job.order;
}

/** The rows at places [from, from + limit) of the order in the request's direction, as readPage answers. */
function rowsAt(db: Database.Database, order: SortedOrder, req: PageRequest, from: number, limit: number): TablePage {
  const schema = tableSchema(db, req.table);
  const desc = req.sort?.direction === 'desc';
  const n = order.length;
  const start = Math.max(0, Math.min(from, n));
  const end = Math.max(start, Math.min(n, start + limit));
  const ids: number[] = [];
  for (let k = start; k < end; k++) ids.push(order.rowids[desc ? n - 1 - k : k]!);
  const cols = schema.columns.map((c) => quoteIdent(c.name)).join(', ');
  const byId = new Map<number, unknown[]>();
  if (ids.length) {
    const rows = db
      .prepare(`SELECT _rowid_, ${cols} FROM ${quoteIdent(schema.name)} WHERE _rowid_ IN (SELECT value FROM json_each(?))`)
      .raw(true)
      .safeIntegers(true)
      .all(JSON.stringify(ids)) as unknown[][];
    for (const r of rows) byId.set(rowidNumber(r[0]), r);
  }
  const got = ids.map((id) => byId.get(id)).filter((r): r is unknown[] => r !== undefined);
  const keyIndex = schema.columns.findIndex((c) => c.name === req.sort!.column);
  const cursor = (r: unknown[]): PageCursor => ({ value: toCell(r[keyIndex + 1]), rowid: rowidNumber(r[0]) });
  return {
    table: schema.name,
    columns: schema.columns.map((c) => c.name),
    rows: got.map((r) => r.slice(1).map(toCell)),
    rowids: got.map((r) => rowidNumber(r[0])),
    first: got.length ? cursor(got[0]!) : null,
    last: got.length ? cursor(got[got.length - 1]!) : null,
    hasBefore: start > 0,
    hasAfter: end < n,
  };
}

/** readPage for a sort served by a finished order: after/before a cursor by the cursor's rowid's place. */
export function orderedPage(db: Database.Database, order: SortedOrder, req: PageRequest): TablePage {
  const limit = req.limit ?? DEFAULT_LIMIT;
  const n = order.length;
  const placeIn = (c: PageCursor): number => {
    const asc = order.place(c.rowid);
    if (asc < 0) throw new InspectorError('BAD_REQUEST', `row ${c.rowid} is not in this sorted order`);
    return req.sort?.direction === 'desc' ? n - 1 - asc : asc;
  };
  if (req.before) {
    const at = placeIn(req.before);
    return rowsAt(db, order, req, Math.max(0, at - limit), Math.min(limit, at));
  }
  return rowsAt(db, order, req, req.after ? placeIn(req.after) + 1 : 0, limit);
}

/** seekPage for a sort served by a finished order: the exact place. */
export function orderedSeek(db: Database.Database, order: SortedOrder, req: PageRequest & { position: number }): SeekPage {
  const position = Math.max(0, Math.min(req.position, Math.max(0, order.length - 1)));
  return { ...rowsAt(db, order, req, position, req.limit ?? DEFAULT_LIMIT), position, exact: true };
}

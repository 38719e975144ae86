/**
 * An ad-hoc SQL result kept open in the SQL child after its first rows (see shared/contract/sql-paging.ts).
 *
 * Why a spill file and not a keyset: an arbitrary query has no key to seek on (a join, an aggregate, an ORDER BY
 * of an expression), and OFFSET re-runs the query up to the place each time. So the child keeps the statement's
 * cursor open and reads forward in slices between messages, writing each row under its row number into a SQLite
 * file of its own beside the scratch copy (never the evidence, never the copy). A place already read is then one
 * rowid seek away, going forward or back; a place not read yet is answered when the stream gets there. Memory
 * stays one slice of rows; the spill file grows with the result up to a cap (`capBytes` of row text: a query over
 * bodies could otherwise fill the disk), where reading stops and the result says it was capped (it is removed with
 * the result or the scratch folder).
 * It reads only READ_AHEAD_ROWS past the furthest row asked for, then pauses (says so, and schedules nothing) until
 * a page asked further on moves that point: a result nobody scrolls costs no more than its first screens.
 */
import type Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Cell } from '../../../shared/contract.js';
import type { SqlChildPage, SqlChildReply } from './sql-protocol.js';
import { openThrowawayDb } from '../throwaway-db.js';
import { MAX_OPEN } from './sql-results.js';

/** Rows read per slice at most, and the time a slice may take: messages (page requests) are answered between slices. */
const SLICE_ROWS = 5000;
const SLICE_MS = 25;
/** Progress is reported at most this often. */
const PROGRESS_MS = 100;
/**
 * How far past the furthest row asked for (a page's `position + limit`; the first page counts as asked) the stream
 * reads before it pauses: a few seconds of scrolling, so the rows are there when the grid asks for them.
 */
export const READ_AHEAD_ROWS = 20_000;
/**
 * What the SQL console's spill files may hold together: a result is kept open while at most MAX_OPEN are, so each
 * gets its share (a million ordinary event rows are ~100 MiB). A per-result cap alone let four results nobody read
 * fill 8 GiB of scratch.
 */
export const SQL_SCRATCH_BYTES = 2 * 1024 ** 3;
/** The spill file's default cap: row text written at most, one result's share of SQL_SCRATCH_BYTES. */
export const DEFAULT_SPILL_CAP_BYTES = SQL_SCRATCH_BYTES / MAX_OPEN;

export class ResultStream {
  private readonly spill: Database.Database;
  private readonly insert: Database.Statement;
  private readonly read: Database.Statement;
  private streamed = 0;
  private done = false;
  /** Row text written so far, and whether the cap stopped the reading (`done` is then true as well). */
  private bytes = 0;
  private capped = false;
  private waiting: SqlChildPage[] = [];
  private lastProgress = 0;
  /** The end of the furthest page asked for, and whether reading stopped READ_AHEAD_ROWS past it (nothing scheduled). */
  private asked = 0;
  private paused = false;

  constructor(
    spillPath: string,
    private readonly source: IterableIterator<unknown[]>,
    private readonly convert: (row: unknown[]) => Cell[],
    private readonly close: () => void,
    private readonly send: (reply: SqlChildReply) => void,
    private readonly capBytes: number = DEFAULT_SPILL_CAP_BYTES,
  ) {
    mkdirSync(dirname(spillPath), { recursive: true });
    this.spill = openThrowawayDb(spillPath);
    this.spill.exec('CREATE TABLE r (i INTEGER PRIMARY KEY, v TEXT NOT NULL)');
    this.insert = this.spill.prepare('INSERT INTO r (i, v) VALUES (?, ?)');
    this.read = this.spill.prepare('SELECT v FROM r WHERE i >= ? ORDER BY i LIMIT ?').pluck();
  }

  /** The rows already read (the first page) go in first, then the stream runs on in slices. */
  start(first: readonly (readonly Cell[])[]): void {
    this.asked = first.length;
    this.write(this.texts(first));
    if (this.done) this.finish();
    else setImmediate(() => this.slice());
  }

  /** Where reading pauses until a page is asked further on. */
  private get readTo(): number {
    return this.asked + READ_AHEAD_ROWS;
  }

  /** Rows as the text the spill file keeps, up to the cap: a row that would pass it ends the reading instead. */
  private texts(rows: readonly (readonly Cell[])[]): string[] {
    const out: string[] = [];
    for (const row of rows) {
      if (!this.take(out, row)) break;
    }
    return out;
  }

  private take(out: string[], row: readonly Cell[]): boolean {
    const text = JSON.stringify(row);
    const size = Buffer.byteLength(text);
    if (this.bytes + size > this.capBytes) {
      this.capped = true;
      this.done = true;
      return false;
    }
    this.bytes += size;
    out.push(text);
    return true;
  }

  private write(texts: readonly string[]): void {
    this.spill.transaction(() => {
      for (const text of texts) this.insert.run(this.streamed++, text);
    })();
  }

  private slice(): void {
    const until = performance.now() + SLICE_MS;
    const rows: string[] = [];
    const most = Math.min(SLICE_ROWS, this.readTo - this.streamed);
    try {
      while (rows.length < most) {
        const next = this.source.next();
        if (next.done) {
          this.done = true;
          break;
        }
        if (!this.take(rows, this.convert(next.value))) break;
        if ((rows.length & 255) === 0 && performance.now() > until) break;
      }
    } catch (e) {
      this.write(rows);
      this.finishSource();
      this.send({ type: 'error', error: { code: 'BAD_REQUEST', message: `SQLite: ${(e as Error).message}` } });
      return;
    }
    this.write(rows);
    if (this.done) this.finish();
    else if (this.streamed >= this.readTo) {
      // Far enough past every page asked: no next slice until page() moves the point on.
      this.paused = true;
      this.send({ type: 'progress', streamed: this.streamed, done: false, paused: true });
      this.answerWaiting();
    } else {
      const now = performance.now();
      if (now - this.lastProgress >= PROGRESS_MS) {
        this.lastProgress = now;
        this.send({ type: 'progress', streamed: this.streamed, done: false, paused: false });
      }
      this.answerWaiting();
      setImmediate(() => this.slice());
    }
  }

  /** The query ended (or the cap stopped it): the cursor closes, and everyone waiting is answered. */
  private finish(): void {
    this.finishSource();
    this.send({ type: 'progress', streamed: this.streamed, done: true, paused: false, ...this.cap() });
    this.answerWaiting();
  }

  /** What a capped result says with each answer: the cap it reached. */
  private cap(): { capBytes?: number } {
    return this.capped ? { capBytes: this.capBytes } : {};
  }

  private finishSource(): void {
    this.done = true;
    try {
      this.source.return?.();
    } finally {
      this.close();
    }
  }

  /** Answers now when the place is read (or the stream ended), else once it is. */
  page(msg: SqlChildPage): void {
    // Only rows asked for move the read-ahead on: a progress ask (limit 0) reads nothing more.
    if (msg.limit > 0) this.asked = Math.max(this.asked, msg.position + msg.limit);
    if (this.paused && !this.done && this.streamed < this.readTo) {
      this.paused = false;
      this.send({ type: 'progress', streamed: this.streamed, done: false, paused: false });
      setImmediate(() => this.slice());
    }
    if (this.ready(msg)) this.answer(msg);
    else this.waiting.push(msg);
  }

  /** A progress ask is answered at once (a paused stream would never reach its place); rows once they are read. */
  private ready(msg: SqlChildPage): boolean {
    return this.done || msg.limit === 0 || msg.position + msg.limit <= this.streamed;
  }

  private answerWaiting(): void {
    const still: SqlChildPage[] = [];
    for (const msg of this.waiting) {
      if (this.ready(msg)) this.answer(msg);
      else still.push(msg);
    }
    this.waiting = still;
  }

  private answer(msg: SqlChildPage): void {
    // A place past the end of an ended result: its last rows.
    const position = this.done && msg.position >= this.streamed ? Math.max(0, this.streamed - msg.limit) : msg.position;
    const rows = msg.limit > 0 ? (this.read.all(position, msg.limit) as string[]).map((v) => JSON.parse(v) as Cell[]) : [];
    const { streamed, done, paused } = this;
    this.send({ type: 'page', id: msg.id, rows, position, streamed, done, paused, ...this.cap() });
  }
}

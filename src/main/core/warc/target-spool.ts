/**
 * A private, throw-away SQLite file that answers "first source row by id with this event_id" in O(log n).
 *
 * The evidence connection is read-only on a scratch copy whose hash must keep matching the evidence, and the source
 * tables have no index on event_id, so per-row lookups there scan the table each time (quadratic). Instead each
 * source table is read once in id order and appended here (seq = scan position), then indexed on (event_id, seq);
 * `WHERE event_id = ? ORDER BY seq LIMIT 1` is then the first source row, as before. The key column copies the
 * source column's affinity (key-affinity.ts) so `=` matches the same rows. Memory stays bounded: rows stream
 * through, SQLite's page cache is capped, and the sort behind CREATE INDEX spills to temporary files.
 *
 * The file lives in a fresh mkdtemp folder (never beside the evidence or the destination), removed by close() and,
 * as a last resort, when the process or worker exits.
 */
import type Database from 'better-sqlite3';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';
import { InspectorError } from '../../../shared/errors.js';
import { openThrowawayDb } from '../throwaway-db.js';
import type { KeyAffinity } from './key-affinity.js';

export const SPOOL_PREFIX = 'capsem-warc-spool-';
const CACHE_KIB = 32 * 1024;

const live = new Set<string>();
let exitHookInstalled = false;

function removeOnExit(dir: string): void {
  live.add(dir);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const d of live) rmSync(d, { recursive: true, force: true });
    live.clear();
  });
}

function isInside(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** Spool folders not yet removed (tests check that cancel and failure remove theirs). */
export function liveSpoolDirs(): readonly string[] {
  return [...live];
}

/** The source fields the target needs, as the source held them. */
export interface SpooledRow {
  readonly part1?: unknown;
  readonly part2?: unknown;
  readonly time?: unknown;
}

export interface SpoolPlacement {
  /** Folder to make the spool folder in (default os.tmpdir()). */
  readonly root?: string;
  /** Folders the spool must never be inside (the evidence folder). */
  readonly avoid?: readonly string[];
}

export class TargetSpool {
  private dir: string | null = null;
  private db: Database.Database | null = null;
  private tables = 0;

  constructor(private readonly placement: SpoolPlacement = {}) {}

  private open(): Database.Database {
    if (this.db) return this.db;
    const root = realpathSync(this.placement.root ?? tmpdir());
    for (const avoid of this.placement.avoid ?? []) {
      let real: string;
      try {
        real = realpathSync(avoid);
      } catch {
        continue; // a folder that does not exist cannot contain the spool
      }
      if (isInside(root, real))
        throw new InspectorError('EXPORT_FAILED', `the WARC export's working folder ${root} lies inside ${real}; nothing is written there`);
    }
    const dir = mkdtempSync(join(root, SPOOL_PREFIX));
    removeOnExit(dir);
    this.dir = dir;
    // A failed fill fails the export and the file is deleted, so it needs no journal; a bounded page cache.
    const db = openThrowawayDb(join(dir, 'targets.db'));
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma(`cache_size = -${CACHE_KIB}`);
    this.db = db;
    return db;
  }

  /**
   * Copies `rows` (in source id order, key in `k`) into a new spool table and indexes it; returns the lookup.
   * Rows with a NULL key are left out: `event_id = ?` never matches NULL.
   */
  fill(keyAffinity: KeyAffinity, rows: Iterable<Record<string, unknown>>): (eventId: string) => SpooledRow | undefined {
    const db = this.open();
    const name = `t${this.tables++}`;
    // Appending in scan order is cheap; seq remembers which row came first.
    db.exec(`CREATE TABLE ${name}_scan (seq INTEGER PRIMARY KEY, k ${keyAffinity}, part1, part2, time)`);
    const insert = db.prepare(`INSERT INTO ${name}_scan (k, part1, part2, time) VALUES (?, ?, ?, ?)`);
    db.transaction(() => {
      for (const r of rows) {
        if (r.k === null || r.k === undefined) continue;
        insert.run(r.k, r.part1 ?? null, r.part2 ?? null, r.time ?? null);
      }
      // One sort by (k, seq), then in-order appends to a table keyed by k: the first row of each key is kept, the
      // later ones are ignored. Its key has the same affinity, so the key equality is the source's `=`.
      db.exec(`CREATE TABLE ${name} (k ${keyAffinity} PRIMARY KEY, part1, part2, time) WITHOUT ROWID`);
      db.exec(`INSERT OR IGNORE INTO ${name} (k, part1, part2, time) SELECT k, part1, part2, time FROM ${name}_scan ORDER BY k, seq`);
      db.exec(`DROP TABLE ${name}_scan`);
    })();
    // 64-bit milliseconds and exec ids must come back exactly as the source gave them.
    const lookup = db.prepare(`SELECT part1, part2, time FROM ${name} WHERE k = ?`).safeIntegers(true);
    return (eventId) => lookup.get(eventId) as SpooledRow | undefined;
  }

  /** Closes and deletes the spool. Idempotent. */
  close(): void {
    this.db?.close();
    this.db = null;
    if (this.dir) {
      rmSync(this.dir, { recursive: true, force: true });
      live.delete(this.dir);
      this.dir = null;
    }
  }
}

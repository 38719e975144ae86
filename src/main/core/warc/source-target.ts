/**
 * Target URI and WARC-Date of a body, from the first source row (ORDER BY id LIMIT 1) with the body's event_id
 * (docs/formats/warc-export.md#resource-records). A table or column an older ledger lacks makes its rows
 * `missing-source-row`; a failing read of an existing table is a hard failure (the ledger itself cannot be read).
 *
 * The source tables have no index on event_id and the ledger connection is read-only, so the first use of a table
 * copies it once, in id order, into a private spool (target-spool.ts) and every lookup is an index seek there.
 * A table whose event_id comparison the spool cannot mirror exactly keeps the per-row query (key-affinity.ts).
 */
import type Database from 'better-sqlite3';
import type { BodyIndexRow } from '../../../shared/ledger-types.js';
import { spoolKeyAffinity } from './key-affinity.js';
import { ruleFor, type TableRule } from './source-rules.js';
import { TargetSpool, type SpooledRow, type SpoolPlacement } from './target-spool.js';
import { warcDateFromLedgerText, warcDateFromUnixMs } from './warc-date.js';
import type { SkipReason } from './types.js';

export type TargetResult =
  | { readonly ok: true; readonly uri: string; readonly date: string }
  | { readonly ok: false; readonly reason: SkipReason; readonly detail: string };

type Lookup = (eventId: string) => SpooledRow | undefined;

/** NULL parts are written as empty text (spec: a NULL path is empty); numbers as decimal; blobs as UTF-8. */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  return String(value);
}

function describe(row: BodyIndexRow): string {
  return `event_body_blobs row ${row.id} (${row.sourceTable} ${row.eventId} ${row.direction})`;
}

/** The first of `forms` that prepares on this ledger, or null (no such table or column in its shape). */
function prepareFirst(db: Database.Database, forms: readonly string[]): Database.Statement | null {
  for (const sql of forms) {
    try {
      // 64-bit milliseconds and exec ids must not lose precision on the way out of SQLite.
      return db.prepare(sql).safeIntegers(true);
    } catch {
      // Try the older form.
    }
  }
  return null;
}

/** Resolves targets with one lookup per source table, made on first use. close() removes the spool. */
export class SourceTargetResolver {
  private readonly lookups = new Map<string, Lookup | null>();
  private readonly spool: TargetSpool;

  constructor(
    private readonly db: Database.Database,
    placement: SpoolPlacement = {},
  ) {
    this.spool = new TargetSpool(placement);
  }

  private lookupFor(table: string, rule: TableRule): Lookup | null {
    if (this.lookups.has(table)) return this.lookups.get(table) ?? null;
    let lookup: Lookup | null = null;
    const affinity = spoolKeyAffinity(this.db, table);
    const scan = affinity === null ? null : prepareFirst(this.db, rule.scan);
    if (affinity !== null && scan) {
      lookup = this.spool.fill(affinity, scan.iterate() as Iterable<Record<string, unknown>>);
    } else if (affinity === null) {
      const direct = prepareFirst(this.db, rule.direct);
      if (direct) lookup = (eventId) => direct.get(eventId) as SpooledRow | undefined;
    }
    this.lookups.set(table, lookup);
    return lookup;
  }

  resolve(row: BodyIndexRow): TargetResult {
    const rule = ruleFor(row.sourceTable);
    if (!rule)
      return {
        ok: false,
        reason: 'missing-source-row',
        detail: `${describe(row)}: source table ${row.sourceTable} is not one the export knows`,
      };
    const lookup = this.lookupFor(row.sourceTable, rule);
    if (!lookup)
      return {
        ok: false,
        reason: 'missing-source-row',
        detail: `${describe(row)}: table ${row.sourceTable} lacks the columns the export needs`,
      };
    const source = lookup(row.eventId);
    if (!source)
      return { ok: false, reason: 'missing-source-row', detail: `${describe(row)}: no ${row.sourceTable} row has event_id ${row.eventId}` };

    let date: string | null;
    let timeText: unknown;
    switch (rule.dateFrom) {
      case 'text':
        timeText = source.time;
        date = warcDateFromLedgerText(source.time);
        break;
      case 'unix-ms':
        timeText = source.time;
        date = warcDateFromUnixMs(source.time);
        break;
      case 'created-at':
        timeText = row.createdAt;
        date = warcDateFromLedgerText(row.createdAt);
        break;
    }
    if (date === null) {
      return {
        ok: false,
        reason: 'unreadable-timestamp',
        detail: `${describe(row)}: time ${JSON.stringify(textOf(timeText))} is not a valid ledger ${rule.dateFrom === 'unix-ms' ? 'millisecond value' : 'timestamp'}`,
      };
    }
    const uri = rule.uri(textOf(source.part1), textOf(source.part2));
    if (/[\r\n]/.test(uri))
      return { ok: false, reason: 'unrepresentable-uri', detail: `${describe(row)}: target URI ${JSON.stringify(uri)} contains CR or LF` };
    return { ok: true, uri, date };
  }

  /** Deletes the spool. Idempotent; the resolver must not be used afterwards. */
  close(): void {
    this.spool.close();
    this.lookups.clear();
  }
}

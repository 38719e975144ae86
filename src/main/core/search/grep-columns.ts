// Searches the ledger's text columns (headers, previews, paths, commands, prompts ...) for the same patterns as the
// bodies. Values are matched as their UTF-8 bytes, with the same matchers, so offsets mean the same as in a body.
// Fixed strings are found by SQLite first (instr(), or instr(lower()) ignoring ASCII case, which is what SQLite's
// lower() folds), so only rows that hold one come back; with any other pattern every text value of the column is
// read. Each value read is searched by every pattern, so several patterns cost one read of the columns.
// L0's event_body_blobs.body is a body, searched (after its hash is checked) by the verification job, never here.
import type Database from 'better-sqlite3';
import type { GrepMatch, GrepPattern, GrepSpec } from '../match/grep-types.js';
import { compileMatcher } from '../match/byte-matcher.js';
import { matchContext } from '../match/match-context.js';

export interface ColumnGrepResult {
  readonly columns: number;
  readonly values: number;
}

/** A column name's direction when it says one (request_headers → request), else null. */
export function columnDirection(column: string): string | null {
  const m = /^(request|response)_/.exec(column);
  return m ? m[1]! : null;
}

type FixedPattern = Extract<GrepPattern, { kind: 'fixed' }>;

/** SQLite's test that a value may hold the fixed string (the matcher then finds exactly where). */
const instrClause = (p: FixedPattern): string => (p.ignoreCase ? 'instr(lower(v), lower(?)) > 0' : 'instr(v, ?) > 0');

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * Visits every match of every pattern in the text columns; `visit` returns false to stop. With `spec.table`, only that table; with
 * `spec.direction`, only the columns whose name says that direction (request_*, response_*).
 */
export function grepColumns(db: Database.Database, spec: GrepSpec, visit: (m: GrepMatch) => boolean): ColumnGrepResult {
  const matchers = spec.patterns.map(compileMatcher);
  const fixed =
    spec.patterns.length > 0 && spec.patterns.every((p) => p.kind === 'fixed') ? (spec.patterns as readonly FixedPattern[]) : null;
  const tagged = spec.patterns.length > 1;
  const tables = (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[]
  ).filter((t) => spec.table === null || t === spec.table);
  let columns = 0;
  let values = 0;
  for (const table of tables) {
    const cols = db.prepare('SELECT name, type FROM pragma_table_info(?)').all(table) as { name: string; type: string }[];
    const hasEventId = cols.some((c) => c.name === 'event_id');
    for (const col of cols) {
      if (!/TEXT|CHAR|CLOB|^$/i.test(col.type)) continue;
      if (table === 'event_body_blobs' && col.name === 'body') continue;
      if (spec.direction !== null && columnDirection(col.name) !== spec.direction) continue;
      columns += 1;
      const where = fixed ? ` AND (${fixed.map(instrClause).join(' OR ')})` : '';
      const sql = `SELECT rowid, ${hasEventId ? 'event_id' : "''"}, v FROM (SELECT rowid, ${hasEventId ? 'event_id, ' : ''}${quote(col.name)} AS v FROM ${quote(table)}) WHERE typeof(v) = 'text'${where}`;
      const rows = db
        .prepare(sql)
        .raw(true)
        .iterate(...(fixed ? fixed.map((p) => p.text) : [])) as Iterable<[number | bigint, unknown, string]>;
      for (const [rowid, eventId, value] of rows) {
        values += 1;
        const bytes = Buffer.from(value, 'utf8');
        let go = true;
        for (let i = 0; go && i < matchers.length; i++)
          matchers[i]!.scan(bytes, (offset, length, pattern, cut) => {
            go = visit({
              eventId: typeof eventId === 'string' ? eventId : '',
              source: { kind: 'column', table, column: col.name, rowid: Number(rowid) },
              offset,
              length,
              ...matchContext(bytes, offset, length, spec.contextBytes),
              ...(pattern ? { pattern } : {}),
              ...(cut ? { cut: true as const } : {}),
              ...(tagged ? { patternIndex: i } : {}),
            });
            return go;
          });
        if (!go) return { columns, values };
      }
    }
  }
  return { columns, values };
}

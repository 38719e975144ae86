// Searches the ledger's text columns (headers, previews, paths, commands, prompts ...) for the same pattern as the
// bodies. Values are matched as their UTF-8 bytes, with the same matcher, so offsets mean the same as in a body.
// A fixed string is found by SQLite first (instr(), or instr(lower()) ignoring ASCII case, which is what SQLite's
// lower() folds), so only rows that hold it come back; other patterns read every text value of the column.
// L0's event_body_blobs.body is a body, searched (after its hash is checked) by the verification job, never here.
import type Database from 'better-sqlite3';
import type { GrepMatch, GrepSpec } from '../match/grep-types.js';
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

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * Visits every match in the text columns; `visit` returns false to stop. With `spec.table`, only that table; with
 * `spec.direction`, only the columns whose name says that direction (request_*, response_*).
 */
export function grepColumns(db: Database.Database, spec: GrepSpec, visit: (m: GrepMatch) => boolean): ColumnGrepResult {
  const matcher = compileMatcher(spec.pattern);
  const fixed = spec.pattern.kind === 'fixed' ? spec.pattern : null;
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
      const where = fixed ? (fixed.ignoreCase ? ' AND instr(lower(v), lower(?)) > 0' : ' AND instr(v, ?) > 0') : '';
      const sql = `SELECT rowid, ${hasEventId ? 'event_id' : "''"}, v FROM (SELECT rowid, ${hasEventId ? 'event_id, ' : ''}${quote(col.name)} AS v FROM ${quote(table)}) WHERE typeof(v) = 'text'${where}`;
      const rows = db
        .prepare(sql)
        .raw(true)
        .iterate(...(fixed ? [fixed.text] : [])) as Iterable<[number | bigint, unknown, string]>;
      for (const [rowid, eventId, value] of rows) {
        values += 1;
        const bytes = Buffer.from(value, 'utf8');
        let go = true;
        matcher.scan(bytes, (offset, length, pattern, cut) => {
          go = visit({
            eventId: typeof eventId === 'string' ? eventId : '',
            source: { kind: 'column', table, column: col.name, rowid: Number(rowid) },
            offset,
            length,
            ...matchContext(bytes, offset, length, spec.contextBytes),
            ...(pattern ? { pattern } : {}),
            ...(cut ? { cut: true as const } : {}),
          });
          return go;
        });
        if (!go) return { columns, values };
      }
    }
  }
  return { columns, values };
}

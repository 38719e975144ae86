/**
 * Rewrites the text columns of a fixture ledger's session.db so hostile strings appear as tool names,
 * arguments, server names, call ids, previews, domains, paths, commands, models, providers, trace/turn ids
 * and security rule ids and reasons. Identity columns (the ones views join on) are remapped one-to-one across
 * every table that carries them, so the joins, the graph and the lifecycles keep their shape.
 */
import type Database from 'better-sqlite3';
import type { HostileCursor } from './hostile-strings.js';
import { LONG_PATH } from './hostile-strings.js';

type Db = Database.Database;
type Column = readonly [table: string, column: string];

function hasColumn(db: Db, table: string, column: string): boolean {
  return (db.prepare(`SELECT COUNT(*) AS n FROM pragma_table_info(?) WHERE name = ?`).get(table, column) as { n: number }).n > 0;
}

/** Every user table carrying `column` (trace_id and turn_id are in most). */
function tablesWith(db: Db, column: string): Column[] {
  const tables = db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).all() as {
    name: string;
  }[];
  return tables.filter((t) => hasColumn(db, t.name, column)).map((t) => [t.name, column] as const);
}

/**
 * One hostile value per distinct non-empty value found in `columns`, written back everywhere it occurs.
 * Returns old → new.
 */
export function remapIdentity(db: Db, cursor: Pick<HostileCursor, 'next'>, label: string, columns: readonly Column[]): Map<string, string> {
  const present = columns.filter(([t, c]) => hasColumn(db, t, c));
  const distinct = new Set<string>();
  for (const [t, c] of present) {
    for (const r of db.prepare(`SELECT DISTINCT "${c}" AS v FROM "${t}" WHERE "${c}" IS NOT NULL AND "${c}" <> ''`).all() as {
      v: string;
    }[])
      distinct.add(r.v);
  }
  const map = new Map<string, string>();
  for (const v of [...distinct].sort()) map.set(v, cursor.next(`${label} ${map.size}`));
  for (const [t, c] of present) {
    const upd = db.prepare(`UPDATE "${t}" SET "${c}" = ? WHERE "${c}" = ?`);
    for (const [from, to] of map) upd.run(to, from);
  }
  return map;
}

/** Replaces every non-empty value of a free-text column, row by row. Returns rowid → new value. */
export function rewriteFree(
  db: Db,
  cursor: HostileCursor,
  table: string,
  column: string,
  shape: (hostile: string, rowid: number) => string = (h) => h,
): Map<number, string> {
  const rows = db
    .prepare(`SELECT rowid AS id FROM "${table}" WHERE "${column}" IS NOT NULL AND "${column}" <> '' ORDER BY rowid`)
    .all() as { id: number }[];
  const upd = db.prepare(`UPDATE "${table}" SET "${column}" = ? WHERE rowid = ?`);
  const out = new Map<number, string>();
  for (const { id } of rows) {
    const v = shape(cursor.next(`${table}.${column} ${id}`), id);
    upd.run(v, id);
    out.set(id, v);
  }
  return out;
}

export interface SessionRewrite {
  readonly traceIds: Map<string, string>;
  readonly turnIds: Map<string, string>;
  readonly callIds: Map<string, string>;
  readonly toolNames: Map<string, string>;
  readonly serverNames: Map<string, string>;
  readonly domains: Map<string, string>;
  readonly providers: Map<string, string>;
  readonly models: Map<string, string>;
  readonly ruleIds: Map<string, string>;
  /** fs_events rowid → path written. */
  readonly paths: Map<number, string>;
  readonly commands: Map<number, string>;
  readonly netPaths: Map<number, string>;
  /** Every hostile value written, for "shown literally somewhere" checks. */
  readonly all: ReadonlySet<string>;
}

const FS_DIR = '/workspace/src';

export function rewriteSession(db: Db, cursor: HostileCursor): SessionRewrite {
  const all = new Set<string>();
  const keep = <K>(m: Map<K, string>): Map<K, string> => {
    for (const v of m.values()) all.add(v);
    return m;
  };
  let paths = new Map<number, string>();
  let commands = new Map<number, string>();
  let netPaths = new Map<number, string>();
  const ids = db.transaction(() => {
    const traceIds = keep(remapIdentity(db, cursor, 'trace', tablesWith(db, 'trace_id')));
    const turnIds = keep(remapIdentity(db, cursor, 'turn', tablesWith(db, 'turn_id')));
    const callIds = keep(
      remapIdentity(db, cursor, 'call', [
        ['tool_calls', 'call_id'],
        ['tool_responses', 'call_id'],
        ['model_items', 'call_id'],
      ]),
    );
    // Tool names lead with an RLO, so even a graph label clipped to a few characters must name it, not obey it.
    const rloFirst = { next: (label: string): string => `run\u202E${cursor.next(label)}` };
    const toolNames = keep(
      remapIdentity(db, rloFirst, 'tool', [
        ['tool_calls', 'tool_name'],
        ['model_items', 'tool_name'],
      ]),
    );
    const serverNames = keep(remapIdentity(db, cursor, 'server', [['tool_calls', 'server_name']]));
    const domains = keep(
      remapIdentity(db, cursor, 'domain', [
        ['net_events', 'domain'],
        ['dns_events', 'qname'],
      ]),
    );
    const providers = keep(
      remapIdentity(db, cursor, 'provider', [
        ['model_calls', 'provider'],
        ['tool_calls', 'provider'],
        ['model_items', 'provider'],
      ]),
    );
    const models = keep(
      remapIdentity(db, cursor, 'model', [
        ['model_calls', 'model'],
        ['model_items', 'model'],
      ]),
    );
    const ruleIds = keep(
      remapIdentity(db, cursor, 'rule', [
        ['security_rule_events', 'rule_id'],
        ['security_decision_events', 'rule_id'],
        ['security_ask_events', 'rule_id'],
      ]),
    );
    // Free text: half the arguments as JSON carrying the hostile string, half raw.
    keep(rewriteFree(db, cursor, 'tool_calls', 'arguments', (h, id) => (id % 2 ? JSON.stringify({ command: h }) : h)));
    keep(rewriteFree(db, cursor, 'tool_calls', 'response_preview'));
    keep(rewriteFree(db, cursor, 'tool_responses', 'content_preview'));
    keep(rewriteFree(db, cursor, 'model_calls', 'text_content'));
    keep(rewriteFree(db, cursor, 'model_items', 'content'));
    keep(rewriteFree(db, cursor, 'model_items', 'arguments'));
    netPaths = keep(rewriteFree(db, cursor, 'net_events', 'path'));
    keep(rewriteFree(db, cursor, 'dns_events', 'matched_rule'));
    commands = keep(rewriteFree(db, cursor, 'exec_events', 'command'));
    keep(rewriteFree(db, cursor, 'audit_events', 'exe'));
    keep(rewriteFree(db, cursor, 'audit_events', 'argv', (h) => JSON.stringify(['bash', '-c', h])));
    keep(rewriteFree(db, cursor, 'security_decision_events', 'reason'));
    keep(rewriteFree(db, cursor, 'security_ask_events', 'reason'));
    keep(rewriteFree(db, cursor, 'security_ask_events', 'rule_name'));
    // File names carry anything but '/' and NUL; the path is the folder plus the name as written.
    const names = keep(rewriteFree(db, cursor, 'fs_events', 'name'));
    const fsUpd = db.prepare('UPDATE fs_events SET directory = ?, path = ? WHERE rowid = ?');
    const written = new Map<number, string>();
    const rowids = [...names.keys()];
    for (const [i, id] of rowids.entries()) {
      const name = names.get(id)!;
      // One very long path, one persistence path (git hooks) with a hostile name, the rest in the source folder.
      const path = i === 0 ? LONG_PATH : i === 1 ? `/workspace/.git/hooks/${name}` : `${FS_DIR}/${name}`;
      fsUpd.run(path.slice(0, path.lastIndexOf('/')) || '/', path, id);
      written.set(id, path);
    }
    paths = keep(written);
    return { traceIds, turnIds, callIds, toolNames, serverNames, domains, providers, models, ruleIds };
  })();
  return { ...ids, paths, commands, netPaths, all };
}

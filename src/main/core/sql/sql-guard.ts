/**
 * The explicit half of the ad-hoc SQL refusal (the other half is better-sqlite3's `stmt.readonly`, checked in
 * the child): no ATTACH/DETACH, no writes or schema changes, no transactions, no load_extension, and PRAGMA
 * only as a read of an allow-listed name. Comments and quoted text are removed first so they cannot hide or
 * fake a keyword.
 */
const REFUSED_WORDS = new Set([
  'attach',
  'detach',
  'insert',
  'update',
  'delete',
  'create',
  'drop',
  'alter',
  'vacuum',
  'reindex',
  'analyze',
  'begin',
  'commit',
  'rollback',
  'savepoint',
  'release',
  'load_extension',
]);
const FIRST_WORDS = new Set(['select', 'with', 'values', 'explain', 'pragma']);
const READ_PRAGMAS = new Set([
  'table_info',
  'table_xinfo',
  'table_list',
  'index_list',
  'index_info',
  'index_xinfo',
  'foreign_key_list',
  'quick_check',
  'integrity_check',
  'page_count',
  'page_size',
  'freelist_count',
  'schema_version',
  'user_version',
  'application_id',
  'encoding',
  'journal_mode',
  'compile_options',
  'function_list',
  'pragma_list',
  'collation_list',
  'database_list',
]);

/** Replaces comments and quoted strings/identifiers by spaces (keeps positions irrelevant; we only scan words). */
export function stripSqlNoise(sql: string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i]!;
    const next = sql[i + 1];
    if (ch === '-' && next === '-') {
      while (i < sql.length && sql[i] !== '\n') i++;
      out += ' ';
    } else if (ch === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
      out += ' ';
    } else if (ch === "'" || ch === '"' || ch === '`' || ch === '[') {
      const close = ch === '[' ? ']' : ch;
      i++;
      while (i < sql.length) {
        if (sql[i] === close) {
          if (close !== ']' && sql[i + 1] === close) {
            i += 2;
            continue;
          }
          break;
        }
        i++;
      }
      i++;
      out += ch === "'" ? " '' " : ' _q ';
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

/** null when acceptable, else the sentence saying why not. */
export function refusalReason(sql: string): string | null {
  const bare = stripSqlNoise(sql).toLowerCase();
  const words = bare.match(/[a-z_][a-z0-9_$]*/g) ?? [];
  if (words.length === 0) return 'the query is empty';
  const first = words[0]!;
  if (!FIRST_WORDS.has(first))
    return `only SELECT, WITH, VALUES, EXPLAIN and read-only PRAGMA queries run here, not ${first.toUpperCase()}`;
  for (const w of words) {
    if (REFUSED_WORDS.has(w)) return `${w.toUpperCase()} is refused: the SQL console only reads the evidence copy`;
  }
  if (first === 'pragma') {
    const m = /^\s*pragma\s+(?:main\s*\.\s*)?([a-z_]+)\s*(\(\s*[^)]*\)|)\s*;?\s*$/.exec(bare);
    if (!m) return 'PRAGMA may only be read here (no assignment)';
    if (!READ_PRAGMAS.has(m[1]!)) return `PRAGMA ${m[1]} is not in the read-only list`;
  }
  // `WITH … REPLACE INTO …` and the like pass this scan but fail `stmt.readonly` in the child.
  return null;
}

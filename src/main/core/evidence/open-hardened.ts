/**
 * The one SQLite opener for ledgers. It opens only scratch copies (a path beside the scratch marker), read-only,
 * and sets the hardening pragmas of reliability-anchors SQL-1 before any other statement runs.
 */
import Database from 'better-sqlite3';
import { InspectorError } from '../../../shared/errors.js';
import { isScratchPath } from './scratch.js';

/** The pragmas every ledger connection runs first, with the value each must read back as. */
export const HARDENING_PRAGMAS = [
  ['trusted_schema', 0], // schema-defined views/triggers may not call app functions or side-effecting SQL
  ['cell_size_check', 1], // catch malformed b-tree cells on read
  ['query_only', 1], // no write, even to a scratch copy
  ['mmap_size', 0], // no memory-mapped I/O of a hostile file
] as const;

export interface OpenHardenedOptions {
  /** Tests only: allow a path outside a scratch folder (never evidence). */
  readonly allowOutsideScratch?: boolean;
}

export function openHardened(path: string, opts: OpenHardenedOptions = {}): Database.Database {
  if (!opts.allowOutsideScratch && !isScratchPath(path)) {
    throw new InspectorError('BAD_REQUEST', `${path} is not a scratch copy; SQLite never opens evidence in place (snapshot it first)`);
  }
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    for (const [name, value] of HARDENING_PRAGMAS) {
      db.pragma(`${name}=${value}`);
      const actual = db.pragma(name, { simple: true });
      if (Number(actual) !== value)
        throw new InspectorError('INTERNAL', `PRAGMA ${name} reads back ${String(actual)}, expected ${value}, on ${path}`);
    }
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * PRAGMA quick_check on a ledger connection, before anything else reads it: page damage refuses the ledger with
 * DB_CORRUPT naming the file (session and host openers both run it).
 */
export function requireQuickCheck(db: Database.Database, path: string): void {
  const rows = db.prepare('PRAGMA quick_check').pluck().all() as unknown[];
  if (rows.length !== 1 || rows[0] !== 'ok') {
    throw new InspectorError('DB_CORRUPT', `${path} fails PRAGMA quick_check: ${rows.slice(0, 3).map(String).join('; ')}`);
  }
}

/**
 * SQLite reports a database header it cannot use as plain SQLITE_ERROR, not SQLITE_CORRUPT: "unsupported file
 * format" (schema format number at header offset 44 outside 1–4, or file format bytes 18/19 too new) and
 * "malformed database schema" variants. On evidence both mean the file is damaged or forged.
 */
const DAMAGED_HEADER_MESSAGES = [/unsupported file format/i, /malformed database schema/i];

/** Maps an SQLite error from a ledger connection to a Failure code, naming the file. */
export function sqliteFailure(path: string, error: unknown): InspectorError {
  if (error instanceof InspectorError) return error;
  const code = String((error as { code?: unknown }).code ?? '');
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'SQLITE_NOTADB') return new InspectorError('NOT_A_LEDGER', `${path} is not an SQLite database (${message})`);
  if (code.startsWith('SQLITE_CORRUPT')) return new InspectorError('DB_CORRUPT', `${path} is damaged: ${message}`);
  if (code === 'SQLITE_ERROR' && DAMAGED_HEADER_MESSAGES.some((re) => re.test(message))) {
    return new InspectorError('DB_CORRUPT', `${path} is damaged: SQLite cannot read its header or schema (${message})`);
  }
  if (code === 'SQLITE_READONLY_ROLLBACK')
    return new InspectorError('HOT_JOURNAL', `${path} needs a rollback journal played back: ${message}`);
  return new InspectorError('INTERNAL', `${path}: ${message}${code ? ` (${code})` : ''}`);
}

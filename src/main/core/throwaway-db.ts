/**
 * A private SQLite file the inspector writes for itself and throws away (the SQL console's spill files, the WARC
 * export's target spool): no rollback journal and no fsync, since a crash loses nothing anyone keeps. A process
 * killed mid-write (the SQL console ends its child with SIGKILL) must leave no `-journal` file behind either.
 */
import Database from 'better-sqlite3';

/** Opens (or creates) `path` with no journal; throws if SQLite did not take the mode, so no journal is ever left. */
export function openThrowawayDb(path: string): Database.Database {
  const db = new Database(path);
  // better-sqlite3 opens every connection in SQLite's defensive mode, which answers `journal_mode = OFF` with the
  // mode it kept (delete) instead of an error; it is lifted for that one pragma only.
  db.unsafeMode(true);
  const mode = db.pragma('journal_mode = OFF', { simple: true });
  db.unsafeMode(false);
  if (mode !== 'off') {
    db.close();
    throw new Error(`SQLite kept journal mode ${String(mode)} for the scratch file ${path}`);
  }
  db.pragma('synchronous = OFF');
  return db;
}

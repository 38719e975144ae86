/**
 * Every path the session's file events name, with its count of changes, first and last seen and last action: one
 * grouped query over fs_events (a million rows are read once, streamed), the last action read by the group's highest
 * rowid. Overflow rows are not changes of a path; they are listed beside the paths as the session's windows.
 */
import type Database from 'better-sqlite3';
import type { FilePathSummary, FilePaths } from '../../../shared/contract/files.js';
import { fileHistoryShape } from './ledger-shape.js';
import { sessionOverflowWindows } from './overflow-windows.js';

export function filePaths(db: Database.Database): FilePaths {
  const shape = fileHistoryShape(db);
  if (!shape.fsEvents) return { paths: [], windows: [], windowsNamingNoPath: 0, gaps: shape.gaps };
  // First and last seen by time, not by text (timestamps of different precision do not sort as text), each kept as the
  // row's own text: MIN/MAX over keys "julian day (fixed width), text", so the number orders them. NULL when unreadable.
  const key = "CASE WHEN julianday(timestamp) IS NULL THEN NULL ELSE printf('%020.10f', julianday(timestamp)) || timestamp END";
  const seen = shape.fs.timestamp ? `MIN(${key}) AS firstKey, MAX(${key}) AS lastKey` : 'NULL AS firstKey, NULL AS lastKey';
  const stmt = db.prepare(
    `SELECT g.path AS path, g.changes AS changes, g.firstKey AS firstKey, g.lastKey AS lastKey, f.action AS lastAction
     FROM (SELECT path, COUNT(*) AS changes, MAX(id) AS lastId, ${seen}
           FROM fs_events WHERE action <> 'overflow' AND path <> '' GROUP BY path) g
     JOIN fs_events f ON f.id = g.lastId
     ORDER BY g.path`,
  );
  const paths: FilePathSummary[] = [];
  for (const r of stmt.iterate() as Iterable<{ path: unknown; changes: unknown; firstKey: unknown; lastKey: unknown; lastAction: unknown }>)
    paths.push({
      path: String(r.path),
      changes: Number(r.changes),
      firstSeen: unpack(r.firstKey),
      lastSeen: unpack(r.lastKey),
      lastAction: String(r.lastAction ?? ''),
    });
  const windows = sessionOverflowWindows(db, shape);
  return { paths, windows, windowsNamingNoPath: windows.filter((w) => w.path === '').length, gaps: shape.gaps };
}

/** The row's timestamp text from a packed "day, text" key (the first 20 characters are the day). */
const unpack = (key: unknown): string | null => (typeof key === 'string' && key.length > 20 ? key.slice(20) : null);

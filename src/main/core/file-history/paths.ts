/**
 * Every path the session's file events name, with its count of changes, first and last seen and last action: one
 * grouped query over fs_events (a million rows are read once, streamed), the last action read by the group's highest
 * rowid. Overflow rows are not changes of a path; they are listed beside the paths as the session's windows.
 */
import type Database from 'better-sqlite3';
import type { FilePathSummary, FilePaths } from '../../../shared/contract/files.js';
import { isoMs } from '../traces/sql-columns.js';
import { fileHistoryShape } from './ledger-shape.js';
import { sessionOverflowWindows } from './overflow-windows.js';

type GroupRow = Record<'path' | 'changes' | 'firstDay' | 'lastDay' | 'firstText' | 'lastText' | 'lastAction', unknown>;

export function filePaths(db: Database.Database): FilePaths {
  const shape = fileHistoryShape(db);
  if (!shape.fsEvents) return { paths: [], windows: [], windowsNamingNoPath: 0, gaps: shape.gaps };
  // First and last seen by time, not by text (timestamps of different precision do not sort as text): the earliest and
  // latest julian day, with the text MIN/MAX kept when it is that time (one writer, one format: nearly always).
  // Packing "day, text" keys to get the exact text in every case took twice as long at a million rows.
  const seen = shape.fs.timestamp
    ? 'MIN(julianday(timestamp)) AS firstDay, MAX(julianday(timestamp)) AS lastDay, MIN(timestamp) AS firstText, MAX(timestamp) AS lastText'
    : 'NULL AS firstDay, NULL AS lastDay, NULL AS firstText, NULL AS lastText';
  const stmt = db.prepare(
    `SELECT g.path AS path, g.changes AS changes, g.firstDay AS firstDay, g.lastDay AS lastDay, g.firstText AS firstText,
       g.lastText AS lastText, f.action AS lastAction
     FROM (SELECT path, COUNT(*) AS changes, MAX(id) AS lastId, ${seen}
           FROM fs_events WHERE action <> 'overflow' AND path <> '' GROUP BY path) g
     JOIN fs_events f ON f.id = g.lastId
     ORDER BY g.path`,
  );
  const paths: FilePathSummary[] = [];
  for (const r of stmt.iterate() as Iterable<GroupRow>)
    paths.push({
      path: String(r.path),
      changes: Number(r.changes),
      firstSeen: seenText(r.firstDay, r.firstText),
      lastSeen: seenText(r.lastDay, r.lastText),
      lastAction: String(r.lastAction ?? ''),
    });
  const windows = sessionOverflowWindows(db, shape);
  return { paths, windows, windowsNamingNoPath: windows.filter((w) => w.path === '').length, gaps: shape.gaps };
}

/** The stored text when it is the time found (within a millisecond: julianday() is a float), else that time as ISO text. */
function seenText(day: unknown, stored: unknown): string | null {
  if (day === null || day === undefined) return null;
  const ms = (Number(day) - 2440587.5) * 86_400_000;
  const storedMs = isoMs(stored);
  if (storedMs !== null && Math.abs(storedMs - ms) < 1) return String(stored);
  return new Date(Math.round(ms)).toISOString();
}

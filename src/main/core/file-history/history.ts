/**
 * One path's history: its fs_events rows (read by `path IN (…)`, so an index on path serves it and without one it is
 * one scan) in time order, each with its cause (causes.ts), the bodies that hold bytes for it pointed to, and the
 * overflow windows whose row names the path or a folder above it. Null when the session never touched the path.
 */
import type Database from 'better-sqlite3';
import type { FileChange, FileHistory, FileOverflowWindow } from '../../../shared/contract/files.js';
import { bodyLookup } from './body-pointers.js';
import { causeOf } from './causes.js';
import { joinedCalls } from './joined-calls.js';
import { fileHistoryShape } from './ledger-shape.js';
import type { FsRow } from './overflow-windows.js';
import { byTime, coveringPaths, rowMs, fsRowColumns, overflowWindowOf, windowCovers } from './overflow-windows.js';
import { pathMatcher } from './tool-call-paths.js';

const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

export function fileHistory(db: Database.Database, path: string): FileHistory | null {
  const shape = fileHistoryShape(db);
  if (!shape.fsEvents) return null;
  const stmt = db.prepare(`SELECT ${fsRowColumns(shape)} FROM fs_events f WHERE f.path IN (SELECT value FROM json_each(?))`);
  const rows: FsRow[] = [];
  const windows: FileOverflowWindow[] = [];
  const traces = new Set<string>();
  const turns = new Set<string>();
  let windowsNamingNoPath = 0;
  let turnsWithoutTrace = false;
  let tracesWithoutTurn = false;
  // '' is asked too: the windows naming no path are counted by the same read, to say they are not in this history.
  for (const r of stmt.iterate(JSON.stringify([path, '', ...coveringPaths(path)])) as Iterable<FsRow>) {
    if (r.action === 'overflow') {
      if (r.path === '') windowsNamingNoPath++;
      else if (windowCovers(String(r.path ?? ''), path)) windows.push(overflowWindowOf(r));
    } else if (r.path === path) {
      rows.push(r);
      const trace = text(r.traceId);
      const turn = text(r.turnId);
      if (trace !== null) traces.add(trace);
      if (turn !== null) turns.add(turn);
      if (turn !== null && trace === null) turnsWithoutTrace = true;
      if (trace !== null && turn === null) tracesWithoutTurn = true;
    }
  }
  if (rows.length === 0) return null;
  const calls = joinedCalls(db, shape, { traces, turns, turnsWithoutTrace, tracesWithoutTurn }, pathMatcher(path));
  const bodiesOf = bodyLookup(db, shape.bodies);
  const changes: FileChange[] = rows.map((r) => {
    const ids = { traceId: text(r.traceId), turnId: text(r.turnId) };
    const { cause, calls: naming } = causeOf(ids, calls);
    return {
      type: 'change',
      id: Number(r.id),
      eventId: text(r.eventId),
      timestamp: text(r.timestamp),
      t: rowMs(r),
      action: String(r.action ?? ''),
      size: r.size === null || r.size === undefined ? null : Number(r.size),
      kind: text(r.kind),
      ...ids,
      cause,
      calls: naming.map((c) => ({
        callId: c.callId,
        toolName: c.toolName,
        rowId: c.rowId,
        eventId: c.eventId,
        namedIn: c.namedIn ?? 'arguments',
        bodies: bodiesOf(c.eventId, 'tool_calls'),
      })),
      bodies: bodiesOf(r.eventId),
    };
  });
  return {
    path,
    changes: changes.length,
    entries: [...changes, ...windows].sort(byTime),
    windowsNamingNoPath,
    gaps: shape.gaps,
  };
}

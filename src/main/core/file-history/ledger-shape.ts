/**
 * Which of the columns file history joins on this ledger has, and what cannot be shown without the others. Older
 * generations wrote fs_events without event_id, trace_id or turn_id, and tool_calls without trace_id or turn_id
 * (docs/formats/ledger-format.md, the older table shapes): there every cause is "not recorded", and the output says why.
 */
import type Database from 'better-sqlite3';
import type { FileHistoryGap } from '../../../shared/contract/files.js';
import { hasColumn, hasTable } from '../queries/schema.js';

export interface FileHistoryShape {
  readonly fsEvents: boolean;
  /** fs_events columns (false when the table is absent). */
  readonly fs: { readonly eventId: boolean; readonly timestamp: boolean; readonly size: boolean; readonly kind: boolean };
  readonly fsTrace: boolean;
  readonly fsTurn: boolean;
  /** tool_calls with call_id, tool_name and arguments, and a trace or turn column to join on. */
  readonly calls: boolean;
  readonly callTrace: boolean;
  readonly callTurn: boolean;
  readonly callEventId: boolean;
  readonly callResponsePreview: boolean;
  readonly responses: boolean;
  readonly bodies: boolean;
  readonly gaps: readonly FileHistoryGap[];
}

export function fileHistoryShape(db: Database.Database): FileHistoryShape {
  const fsEvents = hasTable(db, 'fs_events');
  const fsCol = (c: string): boolean => fsEvents && hasColumn(db, 'fs_events', c);
  const toolCalls = hasTable(db, 'tool_calls') && ['call_id', 'tool_name', 'arguments'].every((c) => hasColumn(db, 'tool_calls', c));
  const callTrace = toolCalls && hasColumn(db, 'tool_calls', 'trace_id');
  const callTurn = toolCalls && hasColumn(db, 'tool_calls', 'turn_id');
  const shape = {
    fsEvents,
    fs: { eventId: fsCol('event_id'), timestamp: fsCol('timestamp'), size: fsCol('size'), kind: fsCol('kind') },
    fsTrace: fsCol('trace_id'),
    fsTurn: fsCol('turn_id'),
    calls: toolCalls && (callTrace || callTurn),
    callTrace,
    callTurn,
    callEventId: toolCalls && hasColumn(db, 'tool_calls', 'event_id'),
    callResponsePreview: toolCalls && hasColumn(db, 'tool_calls', 'response_preview'),
    responses: hasTable(db, 'tool_responses') && ['call_id', 'content_preview'].every((c) => hasColumn(db, 'tool_responses', c)),
    bodies:
      hasTable(db, 'event_body_blobs') && ['event_id', 'source_table', 'direction'].every((c) => hasColumn(db, 'event_body_blobs', c)),
  };
  return { ...shape, gaps: gapsOf(shape) };
}

function gapsOf(s: Omit<FileHistoryShape, 'gaps'>): FileHistoryGap[] {
  const gaps: FileHistoryGap[] = [];
  const gap = (missing: string, effect: string): void => void gaps.push({ missing, effect });
  if (!s.fsEvents) return [{ missing: 'fs_events', effect: 'no file changes are recorded' }];
  if (!s.fs.timestamp) gap('fs_events.timestamp', 'changes are listed in write order, without times');
  if (!s.fs.size) gap('fs_events.size', 'sizes are not shown');
  if (!s.fsTrace && !s.fsTurn)
    gap('fs_events.trace_id, fs_events.turn_id', 'no change says which trace or turn caused it: every cause is not recorded');
  else if (!s.fsTrace) gap('fs_events.trace_id', 'changes are joined to tool calls by turn only');
  else if (!s.fsTurn) gap('fs_events.turn_id', 'changes are joined to tool calls by trace only');
  if (!s.calls && (s.fsTrace || s.fsTurn))
    gap('tool_calls (with trace_id or turn_id)', 'no tool call can be joined to a change: causes stop at the trace');
  if (!s.fs.eventId) gap('fs_events.event_id', 'bodies cannot be looked up for a change');
  return gaps;
}

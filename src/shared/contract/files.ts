/**
 * File history: every path the agent touched, and one path's changes each with the cause the ledger records for it.
 * A cause is a join on the ids the fs_events row carries (trace_id, turn_id) and, where one exists, a tool call in
 * that trace whose arguments or response name the path; it is never inferred from time. The app's view and the CLI's
 * `files` command read these shapes.
 */
import type { Guard } from './guards.js';
import { obj, str } from './guards.js';

/**
 * Why a change happened, as far as the ledger says:
 * - `tool-call`: a tool call in the row's trace (and turn, when both carry one) names the path;
 * - `same-trace`: the row carries a trace or turn, but no call in it names the path;
 * - `not-recorded`: the row carries neither (or the ledger has no such columns), or it is an overflow window.
 */
export const FILE_CAUSES = ['tool-call', 'same-trace', 'not-recorded'] as const;
export type FileCause = (typeof FILE_CAUSES)[number];

/** Where bytes the ledger holds can be read (write one out with `capsem-inspect body`), never the bytes themselves. */
export interface BodyPointer {
  readonly eventId: string;
  readonly sourceTable: string;
  readonly direction: string;
  /** Size before any cut at capture, when the index row says. */
  readonly originalBytes: number | null;
}

/** A tool call joined to a change that names its path. */
export interface NamingCall {
  readonly callId: string;
  readonly toolName: string;
  /** tool_calls rowid. */
  readonly rowId: number;
  readonly eventId: string | null;
  /** Where the path was found: the call's arguments, or a response to it. */
  readonly namedIn: 'arguments' | 'response';
  /** The call's archived request/response bodies: where a write's content lives when the ledger kept it. */
  readonly bodies: readonly BodyPointer[];
}

export interface FileChange {
  readonly type: 'change';
  /** fs_events rowid. */
  readonly id: number;
  readonly eventId: string | null;
  readonly timestamp: string | null;
  /** timestamp in Unix ms, or null when it is not a time. */
  readonly t: number | null;
  readonly action: string;
  readonly size: number | null;
  readonly kind: string | null;
  readonly traceId: string | null;
  readonly turnId: string | null;
  readonly cause: FileCause;
  /** Empty unless cause is `tool-call`. */
  readonly calls: readonly NamingCall[];
  /** Bodies archived under the row's own event id (none in the ledgers seen; listed when present). */
  readonly bodies: readonly BodyPointer[];
}

/** A file-monitor overflow row: changes held back to a later scan, so which ones (and why) is not recorded. */
export interface FileOverflowWindow {
  readonly type: 'overflow';
  readonly id: number;
  readonly timestamp: string | null;
  readonly t: number | null;
  /** Changes held back (the row's size). */
  readonly heldBack: number;
  /** The path the row names ('' for every window the format describes: an overflow row has an empty path). */
  readonly path: string;
  readonly traceId: string | null;
  readonly turnId: string | null;
  readonly cause: 'not-recorded';
}

export type FileHistoryEntry = FileChange | FileOverflowWindow;

/** A column or table the ledger lacks, and what cannot be shown because of it. */
export interface FileHistoryGap {
  readonly missing: string;
  readonly effect: string;
}

export interface FilePathSummary {
  readonly path: string;
  /** fs_events rows on the path (overflow rows are not changes of a path). */
  readonly changes: number;
  readonly firstSeen: string | null;
  readonly lastSeen: string | null;
  /** Action of the path's last written row (highest rowid). */
  readonly lastAction: string;
}

export interface FilePaths {
  /** Sorted by path (SQLite's BINARY order). */
  readonly paths: readonly FilePathSummary[];
  /** Every overflow window of the session, in time order. */
  readonly windows: readonly FileOverflowWindow[];
  /** How many windows name no path, so appear here only and in no path's history. */
  readonly windowsNamingNoPath: number;
  readonly gaps: readonly FileHistoryGap[];
}

export interface FileHistory {
  readonly path: string;
  /** Changes of this path (overflow windows not counted). */
  readonly changes: number;
  /** In time order (undated rows last, by rowid): the path's changes and the overflow windows that name it or a folder above it. */
  readonly entries: readonly FileHistoryEntry[];
  /** Overflow windows of the session that name no path: not in this history, listed with the whole session. */
  readonly windowsNamingNoPath: number;
  readonly gaps: readonly FileHistoryGap[];
}

export interface FilesChannels {
  'files.paths': { arg: { readonly evidenceId: string }; result: FilePaths };
  /** null: the session never changed the path (the CLI's exit 1). */
  'files.history': { arg: { readonly evidenceId: string; readonly path: string }; result: FileHistory | null };
}

const EVIDENCE_ID = str({ max: 128, min: 1, pattern: /^[A-Za-z0-9_-]+$/ });
/**
 * Any text a ledger wrote as a path: it is only ever a bound parameter, and a hostile row's odd path must still open
 * its own history. Bounded as fs.paths' cursor is, so a request cannot carry an unbounded string.
 */
const FILE_PATH = str({ max: 65536, min: 1 });

export const FILES_ARG_GUARDS: { readonly [C in keyof FilesChannels]: Guard<FilesChannels[C]['arg']> } = {
  'files.paths': obj({ evidenceId: EVIDENCE_ID }),
  'files.history': obj({ evidenceId: EVIDENCE_ID, path: FILE_PATH }),
};

/**
 * File activity channels: fs_events over time by action and kind, every overflow row as a window (the changes
 * the monitor held back to a later scan: deferred, not lost; docs/formats/session-check.md#overflow-windows), and the
 * paths list with the places where a compromise persists marked.
 */
import type { GapMark } from './completeness.js';
import type { Guard } from './guards.js';
import { bool, int, obj, oneOf, optional, str } from './guards.js';

export interface FsBucket {
  /** Unix ms of the bucket's start. */
  readonly start: number;
  readonly byAction: Readonly<Record<string, number>>;
  readonly byKind: Readonly<Record<string, number>>;
}

export interface FsOverflowWindow {
  readonly id: number;
  readonly timestamp: string | null;
  readonly t: number | null;
  /** Changes held back (the row's size). */
  readonly heldBack: number;
  /** The scan that later derived them: the next non-overflow fs_events row (the integrity report's rule). */
  readonly heldFor: {
    readonly id: number;
    readonly timestamp: string | null;
    readonly t: number | null;
    readonly action: string;
    readonly path: string;
  } | null;
  /** The trace and turn the window falls in: from its own row, or ('time') the latest file event before it that names one. */
  readonly traceId: string | null;
  readonly turnId: string | null;
  readonly turnBy: 'row' | 'time' | null;
  /** The window's gap, in the completeness section's words (issue 38). */
  readonly gaps: readonly GapMark[];
}

export interface FsActivity {
  /** fs_events rows (overflow rows included). */
  readonly events: number;
  readonly actions: readonly string[];
  readonly kinds: readonly string[];
  readonly bucketMs: number;
  readonly buckets: readonly FsBucket[];
  /** Rows whose timestamp could not be read (not drawn on the timeline). */
  readonly undated: number;
  /** Equal to the integrity report's overflow section. */
  readonly overflowWindows: number;
  readonly overflowHeldBack: number;
  /** The first windows (the report's list, capped at 100). */
  readonly windows: readonly FsOverflowWindow[];
}

export const PERSIST_KINDS = ['git_hooks', 'git_config', 'node_modules', 'venv', 'target'] as const;
export type PersistKind = (typeof PERSIST_KINDS)[number];

export interface FsPathRow {
  readonly path: string;
  /** Of the latest event on the path. */
  readonly kind: string | null;
  readonly size: number | null;
  readonly lastAction: string;
  readonly lastTimestamp: string | null;
  readonly lastRowid: number;
  readonly events: number;
  /** Where a compromise would persist (a hook, git config, installed packages, a venv, build output), or null. */
  readonly persist: PersistKind | null;
}

export interface FsPathsPage {
  readonly rows: readonly FsPathRow[];
  readonly total: number;
  readonly persistTotal: number;
  /** Pass as `after` for the next page (paths are ordered by text); null at the end. */
  readonly nextAfter: string | null;
  /** Place of rows[0] along the order (with `sort` or `position` asked; 0 otherwise). */
  readonly position?: number;
}

export const FS_PATHS_PAGE_MAX = 1000;

/** Orders the paths list can take (ties broken by path, in the same direction). */
export const FS_PATH_SORTS = ['path', 'events', 'lastTimestamp', 'size', 'kind', 'lastAction'] as const;
export type FsPathSort = (typeof FS_PATH_SORTS)[number];

/**
 * One range of the session binned for a chart `width` pixels wide: stacked counts per bin (by action and by kind) and
 * the overflow windows gathered into marks no closer than a few pixels (a mark splits as the range narrows).
 */
export interface FsTimeline {
  /** The whole session's dated span (Unix ms), for zooming back out and the overview. */
  readonly sessionFrom: number;
  readonly sessionTo: number;
  /** The range binned: [from, to). */
  readonly from: number;
  readonly to: number;
  readonly binMs: number;
  readonly actions: readonly string[];
  readonly kinds: readonly string[];
  /** Per bin, counts by actions[i] / kinds[i]. */
  readonly byAction: readonly (readonly number[])[];
  readonly byKind: readonly (readonly number[])[];
  /** Dated rows in the range. */
  readonly events: number;
  readonly undated: number;
  readonly marks: readonly FsOverflowMark[];
}

export interface FsOverflowMark {
  /** Time of its first and last window. */
  readonly from: number;
  readonly to: number;
  readonly windows: number;
  readonly heldBack: number;
  /** Rowid of its first window (the window itself when windows = 1). */
  readonly firstId: number;
}

export const FS_TIMELINE_WIDTH_MAX = 4000;

export interface FsChannels {
  'fs.activity': { arg: { readonly evidenceId: string }; result: FsActivity };
  'fs.paths': {
    arg: {
      readonly evidenceId: string;
      /** The last path of the previous page (keyset). */
      readonly after?: string;
      readonly limit?: number;
      readonly persistOnly?: boolean;
      /** Default: by path, ascending. */
      readonly sort?: { readonly column: FsPathSort; readonly direction: 'asc' | 'desc' };
      /** Instead of `after`: the rows from this place along the order (the scrollbar dragged, "go to path N"). */
      readonly position?: number;
    };
    result: FsPathsPage;
  };
  'fs.timeline': {
    arg: { readonly evidenceId: string; readonly from?: number; readonly to?: number; readonly width: number };
    result: FsTimeline;
  };
}

const EVIDENCE_ID = str({ max: 128, min: 1, pattern: /^[A-Za-z0-9_-]+$/ });
const finite: Guard<number> = (v, path) =>
  typeof v === 'number' && Number.isFinite(v) ? { ok: true, value: v } : { ok: false, message: `${path} must be a finite number` };

export const FS_ARG_GUARDS: { readonly [C in keyof FsChannels]: Guard<FsChannels[C]['arg']> } = {
  'fs.activity': obj({ evidenceId: EVIDENCE_ID }),
  'fs.paths': obj({
    evidenceId: EVIDENCE_ID,
    after: optional(str({ max: 65536 })),
    limit: optional(int(1, FS_PATHS_PAGE_MAX)),
    persistOnly: optional(bool),
    sort: optional(obj({ column: oneOf(FS_PATH_SORTS), direction: oneOf(['asc', 'desc'] as const) })),
    position: optional(int(0, 2 ** 31 - 1)),
  }),
  'fs.timeline': obj({
    evidenceId: EVIDENCE_ID,
    from: optional(finite),
    to: optional(finite),
    width: int(1, FS_TIMELINE_WIDTH_MAX),
  }),
};

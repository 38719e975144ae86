/**
 * One range of the session binned for a chart of a given pixel width (fs-index.ts holds the rows in time order, so
 * a range is two binary searches and one pass over its rows). Overflow windows are gathered into marks at least
 * MARK_PX apart: 752 windows over a 505-minute session draw as a few dozen counted marks, and as the range narrows
 * each mark covers less time and splits, down to one window per mark.
 */
import type Database from 'better-sqlite3';
import type { FsOverflowMark, FsTimeline } from '../../../shared/contract/fs.js';
import { fsIndexOf, lowerBound } from './fs-index.js';

/** Pixels per bar: narrower bars are not readable, and a bin per pixel would send 4× the counts for nothing. */
export const BAR_PX = 3;
/** The closest two overflow marks are drawn: a mark's label needs about this many pixels. */
export const MARK_PX = 28;

export interface TimelineRange {
  readonly from?: number;
  readonly to?: number;
  readonly width: number;
}

export function fsTimeline(db: Database.Database, r: TimelineRange): FsTimeline {
  const ix = fsIndexOf(db);
  const n = ix.t.length;
  const sessionFrom = n ? Math.floor(ix.t[0]!) : 0;
  // [from, to): one past the last row's millisecond, so the last row is in the range.
  const sessionTo = n ? Math.floor(ix.t[n - 1]!) + 1 : 1;
  const from = r.from ?? sessionFrom;
  let to = r.to ?? sessionTo;
  if (!(to > from)) to = from + 1;
  const bins = Math.max(1, Math.floor(r.width / BAR_PX));
  const binMs = (to - from) / bins;
  const lo = lowerBound(ix.t, from);
  const hi = lowerBound(ix.t, to);
  const byAction = ix.actions.map(() => new Array<number>(bins).fill(0));
  const byKind = ix.kinds.map(() => new Array<number>(bins).fill(0));
  for (let i = lo; i < hi; i++) {
    const b = binOf(ix.t[i]!, from, binMs, bins);
    byAction[ix.action[i]!]![b]!++;
    byKind[ix.kind[i]!]![b]!++;
  }
  // Names sorted for a stable legend; the counts follow their names.
  const sortedA = sortedNames(ix.actions);
  const sortedK = sortedNames(ix.kinds);
  return {
    sessionFrom,
    sessionTo,
    from,
    to,
    binMs,
    actions: sortedA.map((i) => ix.actions[i]!),
    kinds: sortedK.map((i) => ix.kinds[i]!),
    byAction: sortedA.map((i) => byAction[i]!),
    byKind: sortedK.map((i) => byKind[i]!),
    events: hi - lo,
    undated: ix.undated,
    marks: overflowMarks(ix.overflowT, ix.overflowId, ix.overflowHeld, from, to, Math.max(1, Math.floor(r.width / MARK_PX))),
  };
}

/** The bin of time t in [from, from + bins × binMs): the same arithmetic as the SQL check (CAST((t - from) / binMs AS INTEGER)). */
export function binOf(t: number, from: number, binMs: number, bins: number): number {
  return Math.min(bins - 1, Math.max(0, Math.trunc((t - from) / binMs)));
}

function sortedNames(names: readonly string[]): number[] {
  return Array.from(names.keys()).sort((a, b) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : 0));
}

/** Windows in [from, to) gathered per slot of (to − from) / slots: one mark per slot that holds any. */
export function overflowMarks(
  t: Float64Array,
  id: Float64Array,
  held: Float64Array,
  from: number,
  to: number,
  slots: number,
): FsOverflowMark[] {
  const slotMs = (to - from) / slots;
  const out: FsOverflowMark[] = [];
  let cur: { slot: number; from: number; to: number; windows: number; heldBack: number; firstId: number } | null = null;
  for (let i = lowerBound(t, from); i < t.length && t[i]! < to; i++) {
    const s = binOf(t[i]!, from, slotMs, slots);
    if (cur && cur.slot === s) {
      cur.to = t[i]!;
      cur.windows++;
      cur.heldBack += held[i]!;
      continue;
    }
    if (cur) out.push(strip(cur));
    cur = { slot: s, from: t[i]!, to: t[i]!, windows: 1, heldBack: held[i]!, firstId: id[i]! };
  }
  if (cur) out.push(strip(cur));
  return out;
}

const strip = (m: { from: number; to: number; windows: number; heldBack: number; firstId: number }): FsOverflowMark => ({
  from: m.from,
  to: m.to,
  windows: m.windows,
  heldBack: m.heldBack,
  firstId: m.firstId,
});

/**
 * How tall each sub-row of the swimlanes is drawn so that every lane fits the card's height: the card sits above
 * the tool-call grid, and a card that scrolled by itself was a second vertical scroll area whose wheel zooms instead
 * (issue 35). Sub-rows shrink from their full height down to a thin bar; only lanes too many for even that overflow.
 */

/** Full height of a sub-row beyond the first in a lane, and the least it is shrunk to (a 1 px bar and a 1 px gap). */
export const SUB_H = 12;
export const MIN_SUB_H = 2;

/**
 * The sub-row height for lanes of `laneH` px each holding `subRows` sub-rows (at least 1), drawn with `fixedH` px more
 * (the axis) in at most `maxHeight` px: the full SUB_H when everything fits, else the most that fits, never below MIN_SUB_H.
 */
export function fitSubRowHeight(subRows: readonly number[], laneH: number, fixedH: number, maxHeight: number): number {
  const extra = subRows.reduce((n, r) => n + Math.max(0, r - 1), 0);
  if (extra === 0) return SUB_H;
  const room = maxHeight - fixedH - subRows.length * laneH;
  return Math.max(MIN_SUB_H, Math.min(SUB_H, Math.floor(room / extra)));
}

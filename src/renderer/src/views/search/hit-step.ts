/**
 * One j/k step through every hit of a search, by place in the whole result: from the selection one hit on, within
 * 0 … last; the first hit held when the selection is not among the rows held. A step past the rows held says
 * so, and the grid then fetches the rows there; a selection a step fetched counts as held until they arrive, so
 * keys pressed faster than rows arrive each move on from the one before.
 */
export interface HitStep {
  readonly pos: number;
  /** The hit is not among the rows held: fetch there and scroll to it. */
  readonly fetch: boolean;
}

export function hitStep(
  held: { readonly start: number; readonly count: number },
  selected: number | null,
  fetching: number | null,
  total: number | undefined,
  dir: 1 | -1,
): HitStep {
  const isHeld = (p: number): boolean => p >= held.start && p < held.start + held.count;
  // Nothing selected here (none yet, or the rows held moved away from it): the first key selects the first hit held.
  if (selected === null || !(isHeld(selected) || selected === fetching)) return { pos: held.start, fetch: false };
  const last = (total ?? held.start + held.count) - 1;
  const pos = Math.max(0, Math.min(last, selected + dir));
  return { pos, fetch: !isHeld(pos) };
}

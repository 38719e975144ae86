/**
 * Calls of one tool that overlap in time are drawn on separate sub-rows of its lane, so one bar never hides
 * another: each call takes the first sub-row whose last bar ended before it starts (greedy interval packing, in
 * start order; ties by id so the layout is stable).
 */
export interface Span {
  readonly id: number;
  readonly lane: string;
  readonly t: number;
  readonly durationMs: number;
}

export interface Packed {
  /** Sub-row of each call within its lane (0 = top). */
  readonly row: ReadonlyMap<number, number>;
  /** Sub-rows each lane needs (at least 1). */
  readonly rows: ReadonlyMap<string, number>;
}

/** `minMs`: a call shorter than this still occupies this long (its bar is drawn at least a few pixels wide). */
export function packLanes(spans: readonly Span[], minMs = 0): Packed {
  const row = new Map<number, number>();
  const rows = new Map<string, number>();
  const ends = new Map<string, number[]>();
  const sorted = [...spans].sort((a, b) => a.t - b.t || a.id - b.id);
  for (const s of sorted) {
    const laneEnds = ends.get(s.lane) ?? [];
    let r = laneEnds.findIndex((end) => end <= s.t);
    if (r < 0) r = laneEnds.length;
    laneEnds[r] = s.t + Math.max(s.durationMs, minMs);
    ends.set(s.lane, laneEnds);
    row.set(s.id, r);
    rows.set(s.lane, Math.max(rows.get(s.lane) ?? 1, r + 1));
  }
  return { row, rows };
}

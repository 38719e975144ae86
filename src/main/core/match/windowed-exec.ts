// A global RegExp run over a long text one window at a time, so that its memory is bounded whatever the body. V8's
// linear engine, which a pattern falls back to after excessive backtracking (linear-regexp.ts), takes memory in
// proportion to the text it is handed times the pattern's size: a 512 KiB body cost 2.4 GB with the JWT pattern, a
// 10 MiB one was killed at 24 GB. Handed a window at a time it never holds more than the window's share.
//
// Each window is the positions a match may start at, plus `reach` characters a match may run on into, plus one
// character of context at each end, so that `\b`, `^` and `$` (with `m`) judge the window's edges by the real
// neighbours. A match still running at the end of the reach is longer than the reach: it is reported cut there, its
// `cut` flag set (and an end anchor there is judged at the cut).

export interface MatchWindow {
  /** How many start positions one exec is given. */
  readonly size: number;
  /** How far past its window a match may run and still be found whole. */
  readonly reach: number;
}

/** Called per match with its start, its length, and whether it was cut at the reach; false stops the scan. */
export type WindowVisitor = (index: number, length: number, cut: boolean) => boolean;

export function windowedExec(text: string, re: RegExp, w: MatchWindow, visit: WindowVisitor): void {
  const n = text.length;
  let from = 0;
  while (from < n) {
    const sliceStart = from > 0 ? from - 1 : 0;
    const startLimit = Math.min(n, from + w.size);
    const reachEnd = Math.min(n, startLimit + w.reach);
    const sliceEnd = Math.min(n, reachEnd + 1);
    const slice = text.slice(sliceStart, sliceEnd);
    re.lastIndex = from - sliceStart;
    let next = startLimit;
    for (;;) {
      const m = re.exec(slice);
      if (m === null) break;
      const at = sliceStart + m.index;
      // Starts in the next window: that window finds it, with its own reach.
      if (at >= startLimit) break;
      const len = m[0].length;
      if (len === 0) {
        re.lastIndex += 1;
        continue;
      }
      // Into the context character past the reach (which is not the text's end): longer than the reach, so cut.
      const cut = sliceStart + m.index + len > reachEnd;
      const kept = cut ? reachEnd - at : len;
      if (!visit(at, kept, cut)) return;
      next = Math.max(startLimit, at + kept);
      if (cut || at + kept >= startLimit) break;
    }
    from = next;
  }
}

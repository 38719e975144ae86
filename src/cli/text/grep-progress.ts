// grep's progress line on a terminal's stderr: bodies and bytes verified so far and the matches found, redrawn in
// place (`\r`) and cleared at the end, so a scrollback or a file holds only the matches. Shown only when stderr is a
// terminal; a pipe or a file never gets it. A match printed while the line is up clears it first (stdout and stderr
// share the terminal), and the next report draws it again below the match.

/** What the job reports (the verification pool's progress: bodies and their bytes). */
export interface JobProgress {
  readonly itemsDone: number;
  readonly itemsTotal: number;
  readonly bytesDone: number;
  readonly bytesTotal: number;
  readonly failed: number;
}

const CLEAR = '\r\u001b[K';

export interface GrepProgressLine {
  /** A new report from the job. */
  show(p: JobProgress): void;
  /** The matches so far changed (one more printed or counted). */
  matched(total: number): void;
  /** Before a line goes to stdout: takes the progress line off the screen. */
  beforeOutput(): void;
  /** The job is over: the line goes, nothing is left behind. */
  end(): void;
}

const NONE: GrepProgressLine = { show: () => undefined, matched: () => undefined, beforeOutput: () => undefined, end: () => undefined };

export function grepProgressText(p: JobProgress, matches: number): string {
  const n = (v: number): string => v.toLocaleString('en-US');
  return (
    `grep: ${n(p.itemsDone)} of ${n(p.itemsTotal)} bodies verified (${size(p.bytesDone)} of ${size(p.bytesTotal)})` +
    `${p.failed > 0 ? `, ${n(p.failed)} failed` : ''}; ${n(matches)} match${matches === 1 ? '' : 'es'}`
  );
}

/** Bytes in the unit that suits the total's size: KiB, MiB or GiB. */
function size(v: number): string {
  if (v < 1048576) return `${(v / 1024).toFixed(1)} KiB`;
  if (v < 1073741824) return `${(v / 1048576).toFixed(1)} MiB`;
  return `${(v / 1073741824).toFixed(2)} GiB`;
}

/** `write` is stderr; `enabled` says whether stderr is a terminal (and no machine-read output was asked for). */
export function grepProgressLine(enabled: boolean, write: (text: string) => void): GrepProgressLine {
  if (!enabled) return NONE;
  let last: JobProgress = { itemsDone: 0, itemsTotal: 0, bytesDone: 0, bytesTotal: 0, failed: 0 };
  let matches = 0;
  let up = false;
  let shown = '';
  const draw = (): void => {
    const text = grepProgressText(last, matches);
    // Redrawn only when it changed (the pool reports on a timer, also while nothing moved), or after a clear.
    if (up && text === shown) return;
    write(`\r${text}\u001b[K`);
    shown = text;
    up = true;
  };
  return {
    show(p) {
      last = p;
      draw();
    },
    matched(total) {
      matches = total;
    },
    beforeOutput() {
      if (up) write(CLEAR);
      up = false;
    },
    end() {
      if (up) write(CLEAR);
      up = false;
    },
  };
}

/**
 * The JSON view's foldable lines: the same lossless pretty-printing as json-pretty.ts, built in slices that yield
 * to the page (a 10 MiB body never blocks it for long), recording for each line where it starts in the source and,
 * for a line that opens an object or array, the line that closes it. Folding hides the lines between; which lines
 * show is recomputed from flags in one pass, never by rebuilding rows.
 */
import type { Tok } from './json-pretty.js';
import { tokens } from './json-pretty.js';

/** Rows longer than this continue on the next row, so no row holds a 10 MiB string. */
export const CHUNK = 4096;
const MAX_INDENT_LEVELS = 32;

export interface FoldLines {
  readonly lines: string[];
  /** Per line: the source character offset of its first token (a continuation row repeats its line's). */
  readonly at: Int32Array;
  /** Per line: the line closing the object or array it opens, or -1 (not an opener, or empty `{}`). */
  readonly close: Int32Array;
  /** Per line: whether it continues the line before (a cut long line). */
  readonly cont: Uint8Array;
  /** Per line: nesting depth of the line's start. */
  readonly depth: Uint16Array;
  readonly problem: string | null;
}

/** Gives the event loop a turn (a message, not a timer: no 4 ms clamp). */
export function yieldToPage(): Promise<void> {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => resolve();
    ch.port2.postMessage(null);
  });
}

/**
 * Builds the lines of `src`, working at most `sliceMs` at a time, then yielding. Rejects with an AbortError when
 * `signal` aborts. `sliceMs: Infinity` builds in one go (tests).
 */
export async function buildFoldLines(src: string, opts: { sliceMs?: number; signal?: AbortSignal } = {}): Promise<FoldLines> {
  const sliceMs = opts.sliceMs ?? 8;
  const lines: string[] = [];
  const at: number[] = [];
  const cont: number[] = [];
  const depth: number[] = [];
  const closeOf = new Map<number, number>();
  const openAt: number[] = [];
  const wantClose: string[] = [];
  let line = '';
  let lineAt = -1;
  let lineCont = false;
  let lineDepth = 0;
  let problem: string | null = null;
  let prev: Tok['k'] | null = null;
  const push = (s: string, isCont: boolean): void => {
    lines.push(s);
    at.push(lineAt);
    cont.push(isCont ? 1 : 0);
    depth.push(lineDepth);
  };
  const indent = (): string => {
    const d = openAt.length;
    return d <= MAX_INDENT_LEVELS ? '  '.repeat(d) : `${'  '.repeat(MAX_INDENT_LEVELS)}⟨depth ${d}⟩ `;
  };
  // The row the last character of `line` will land on once it is cut into CHUNKs.
  const rowOfEnd = (): number => lines.length + Math.floor(Math.max(0, line.length - 1) / CHUNK);
  const cut = (): void => {
    if (line.length <= CHUNK) return;
    let p = 0;
    while (line.length - p > CHUNK) {
      push(line.slice(p, p + CHUNK), lineCont);
      lineCont = true;
      p += CHUNK;
    }
    line = line.slice(p);
  };
  const newline = (): void => {
    if (line !== '') push(line, lineCont);
    line = indent();
    lineAt = -1;
    lineCont = false;
    lineDepth = openAt.length;
  };
  const add = (s: string, tokAt: number): void => {
    if (lineAt < 0) lineAt = tokAt;
    line += s;
  };
  let deadline = performance.now() + sliceMs;
  let n = 0;
  for (const t of tokens(src)) {
    switch (t.k) {
      case 'open':
        if (prev === 'comma' || prev === 'open') newline();
        add(t.s, t.at);
        openAt.push(rowOfEnd());
        wantClose.push(t.s === '{' ? '}' : ']');
        break;
      case 'close': {
        const opened = openAt.pop();
        const want = wantClose.pop();
        if (want !== t.s && !problem) problem = `unbalanced ${t.s} at character ${t.at}`;
        if (prev !== 'open') newline();
        add(t.s, t.at);
        const closedOn = rowOfEnd();
        if (opened !== undefined && closedOn > opened) closeOf.set(opened, closedOn);
        break;
      }
      case 'comma':
        add(',', t.at);
        break;
      case 'colon':
        add(': ', t.at);
        break;
      case 'atom':
      case 'bad':
        if (prev === 'comma' || prev === 'open') newline();
        if (t.k === 'bad' && !problem) problem = `not JSON at character ${t.at}`;
        add(t.s, t.at);
        break;
    }
    prev = t.k;
    cut();
    if ((++n & 255) === 0 && performance.now() > deadline) {
      await yieldToPage();
      if (opts.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      deadline = performance.now() + sliceMs;
    }
  }
  if (line !== '') push(line, lineCont);
  if (openAt.length && !problem) problem = `${openAt.length} bracket(s) left open at the end (the body may be cut)`;
  // A continuation row starts where its line did, so offsets stay ordered for lookups.
  for (let i = 1; i < at.length; i++) if (at[i]! < 0) at[i] = at[i - 1]!;
  // Each copy into a typed array is its own turn of the page (a million lines make each a few milliseconds).
  const turn = async (): Promise<void> => {
    if (sliceMs === Infinity) return;
    await yieldToPage();
    if (opts.signal?.aborted) throw new DOMException('aborted', 'AbortError');
  };
  await turn();
  const atArr = Int32Array.from(at);
  await turn();
  const close = new Int32Array(lines.length).fill(-1);
  for (const [o, c] of closeOf) if (c < lines.length) close[o] = c;
  await turn();
  const contArr = Uint8Array.from(cont);
  const depthArr = Uint16Array.from(depth);
  return { lines, at: atArr, close, cont: contArr, depth: depthArr, problem };
}

/** The lines shown with `folded` (flags by opener line): each folded opener's inner lines and closer are hidden. */
export function visibleLines(f: FoldLines, folded: Uint8Array): Int32Array {
  const n = f.lines.length;
  const out = new Int32Array(n);
  let k = 0;
  for (let i = 0; i < n; ) {
    out[k++] = i;
    const c = f.close[i]!;
    i = folded[i] && c > i ? c + 1 : i + 1;
  }
  return out.subarray(0, k);
}

/** Flags folding every object and array below the top level (collapse all keeps the top level's keys in view). */
export function foldAll(f: FoldLines): Uint8Array {
  const flags = new Uint8Array(f.lines.length);
  for (let i = 0; i < flags.length; i++) if (f.close[i]! > i && f.depth[i]! >= 1) flags[i] = 1;
  return flags;
}

/** The line holding source character `charAt`: the last line starting at or before it. */
export function lineOfChar(f: FoldLines, charAt: number): number {
  let lo = 0;
  let hi = f.at.length - 1;
  let best = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (f.at[mid]! <= charAt) {
      best = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  // Continuation rows share their line's offset: the search lands on the last of them; step back to the first.
  while (best > 0 && f.cont[best]) best--;
  return best;
}

/** `folded` with every opener enclosing `line` unfolded, so the line shows. */
export function unfoldTo(f: FoldLines, folded: Uint8Array, line: number): Uint8Array {
  const out = folded.slice();
  for (let i = 0; i < line; i++) if (out[i] && f.close[i]! >= line) out[i] = 0;
  return out;
}

/** A folded opener as one row: its text, an ellipsis, its closer, and how many lines are hidden. */
export function foldedText(f: FoldLines, i: number): string {
  const c = f.close[i]!;
  return `${f.lines[i]} … ${f.lines[c]!.trim()}  ⟨${c - i - 1} lines⟩`;
}

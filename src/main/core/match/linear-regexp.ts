// Regular expressions that can never hang on a 10 MiB body. V8 carries a breadth-first engine that runs in time
// linear in the input (no backtracking); it accepts only patterns without backreferences or lookaround. We use it in
// two ways:
// - every user pattern is first compiled with the `l` flag: if that engine refuses it, so do we (BAD_PATTERN), since
//   only a backtracking engine could run it;
// - the pattern is then run by V8's usual (fast, compiled) engine, with V8 told to switch to the linear engine for
//   any match that backtracks more than a few thousand times. A pathological pattern such as `(a+)+b` therefore costs
//   at most that many steps before it runs in linear time; typical patterns keep the compiled engine's speed
//   (measured: a 64 MiB scan took 14.7 s in the linear engine alone, 59 ms with the fallback).
// The flags are process-wide and only change how later matches run, so setting them once per thread is enough.
import v8 from 'node:v8';
import { InspectorError } from '../../../shared/errors.js';
import { asciiCaseless } from './ascii-caseless.js';
import { classEnd, groupHead } from './regex-syntax.js';
import type { MatchWindow } from './windowed-exec.js';

let enabled = false;

/**
 * Backtracks one exec may take before V8 hands it to the linear engine. The count runs across every start position an
 * exec tries, so at 10,000 a pattern that backtracks 16 times per position (the password-in-URL pattern on base64)
 * fell back after 600 bytes, into an engine that runs about 350 ns per byte and pattern character and allocates
 * 100 bytes for each. Given one window at a time (windowed-exec.ts), an exec may backtrack ten million times (tens
 * of milliseconds) before it falls back: a pattern that tries 64 lengths at every position of a window stays in the
 * compiled engine, and only one that backtracks without bound falls back.
 */
const BACKTRACKS_BEFORE_FALLBACK = 10_000_000;

/** Turns on the linear engine (for the `l` check) and the fallback to it on excessive backtracking. Idempotent. */
export function enableLinearRegExp(): void {
  if (enabled) return;
  v8.setFlagsFromString('--enable-experimental-regexp-engine');
  v8.setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
  v8.setFlagsFromString(`--regexp-backtracks-before-fallback=${BACKTRACKS_BEFORE_FALLBACK}`);
  enabled = true;
}

/** The linear engine replicates a counted quantifier's atom, and refuses counts above this. */
const MAX_COUNT_PER_QUANTIFIER = 16;
/** Counts above this are refused outright: a pattern is a few hundred characters, not a program. */
const MAX_COUNT = 10_000;

/** A pattern with its counts spread out, and the number of states the linear engine makes of it. */
export interface SpreadPattern {
  readonly source: string;
  /** Each atom once per copy the engine makes of it (a counted repeat multiplies by its largest count). */
  readonly states: number;
}

/**
 * The same pattern with every counted quantifier above 16 spread out so that V8's linear engine takes it (it refuses
 * counts above 16, and a pattern it cannot compile cannot fall back to it either: `(?:a{1,40})+b` would backtrack
 * without end). The required part becomes a row of at most 16 each, the optional part nested one atom deep at a time
 * (`x{2,40}` → `x{2}(?:x(?:x…)?)?`), which matches exactly the same strings and backtracks no more than the count did;
 * a row of `x{0,16}` would try every way of sharing a run between its parts.
 */
export function spreadCounts(source: string): string {
  return spreadPattern(source).source;
}

export function spreadPattern(source: string): SpreadPattern {
  type Part = [text: string, states: number];
  const stack: Part[][] = [[]];
  let i = 0;
  const top = (): Part[] => stack[stack.length - 1]!;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\\') {
      top().push([source.slice(i, i + 2), 1]);
      i += 2;
    } else if (c === '[') {
      const end = classEnd(source, i);
      top().push([source.slice(i, end), 1]);
      i = end;
    } else if (c === '(') {
      const head = groupHead(source, i);
      stack.push([[head, 0]]);
      i += head.length;
    } else if (c === ')' && stack.length > 1) {
      const inner = stack.pop()!;
      top().push([inner.map((p) => p[0]).join('') + ')', inner.reduce((n, p) => n + p[1], 0)]);
      i += 1;
    } else {
      const q = /^\{(\d+)(,(\d*))?\}(\?)?/.exec(source.slice(i, i + 32));
      const last = top().length > 0 ? top()[top().length - 1]! : null;
      if (q && last !== null && last[0] !== '|') {
        const min = Number(q[1]);
        const max = q[2] === undefined ? min : q[3] === '' ? Infinity : Number(q[3]);
        if (min > MAX_COUNT || (max !== Infinity && max > MAX_COUNT))
          throw new InspectorError('BAD_PATTERN', `the count in ${q[0]} is above ${MAX_COUNT}`);
        top()[top().length - 1] = [spread(last[0], min, max, q[4] ?? ''), last[1] * Math.max(1, max === Infinity ? min + 1 : max)];
        i += q[0].length;
      } else {
        top().push([c, c === '|' ? 0 : 1]);
        i += 1;
      }
    }
  }
  const parts = stack.flat();
  return { source: parts.map((p) => p[0]).join(''), states: parts.reduce((n, p) => n + p[1], 0) };
}

function spread(atom: string, min: number, max: number, lazy: string): string {
  if (min <= MAX_COUNT_PER_QUANTIFIER && (max === Infinity || max <= MAX_COUNT_PER_QUANTIFIER)) {
    return `${atom}{${min}${max === min ? '' : `,${max === Infinity ? '' : max}`}}${lazy}`;
  }
  const parts: string[] = [];
  for (let left = min; left > 0; left -= MAX_COUNT_PER_QUANTIFIER) parts.push(`${atom}{${Math.min(left, MAX_COUNT_PER_QUANTIFIER)}}`);
  if (max === Infinity) parts.push(`${atom}*${lazy}`);
  else if (max > min) parts.push(`${`(?:${atom}`.repeat(max - min)}${`)?${lazy}`.repeat(max - min)}`);
  return parts.length > 0 ? `(?:${parts.join('')})` : '(?:)';
}

/**
 * Whether the linear engine accepts `source` with `flags`: true means the pattern needs no backtracking (no
 * backreference, no lookaround). A syntax error throws BAD_PATTERN with the engine's own sentence.
 */
export function runsInLinearTime(source: string, flags = ''): boolean {
  enableLinearRegExp();
  try {
    // The linear engine does not take `i`; case folding adds no backtracking, so the pattern's shape is judged without it.
    new RegExp(source, flags.replace(/[lgi]/g, '') + 'l');
    return true;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (/linear time/i.test(message)) return false;
    throw new InspectorError('BAD_PATTERN', `the regular expression /${source}/ does not compile: ${message}`);
  }
}

/** A pattern longer than this is refused: a search pattern is a line, not a program (and V8's parser recurses). */
export const MAX_PATTERN_CHARS = 4096;
/**
 * What one exec may cost in the linear engine, which allocates for every pair of a window character and a pattern
 * state (measured: 68 to 75 bytes a pair with counted repeats, 116 with `(a+)+b`, whose + the count here takes as one), so the
 * window shrinks as the pattern grows, keeping an exec within MATCH_MEMORY_BYTES.
 */
export const MATCH_MEMORY_BYTES = 256 * 1024 * 1024;
const BYTES_PER_STATE_PAIR = 120;
/** The shortest reach a pattern may get: every credential pattern's longest match fits (the longest, 470). */
export const MIN_REACH = 1024;
/** No window needs to be larger than this: past it, more exec calls cost nothing measurable. */
const MAX_SLICE = 1024 * 1024;

/** A global RegExp that cannot backtrack without bound, and the windows it is run in (windowed-exec.ts). */
export interface LinearPattern {
  readonly re: RegExp;
  readonly window: MatchWindow;
}

/**
 * `source` compiled so that it runs in linear time and bounded memory on any body: refused with BAD_PATTERN when only
 * a backtracking engine could run it, or when it is too large for a window of at least MIN_REACH characters within
 * the memory bound. `flags` may hold `i` (ASCII letters, spelled out so the linear engine, which cannot fold case,
 * can still take over), `s` and `m`; `g` is always added.
 */
export function linearPattern(source: string, flags = ''): LinearPattern {
  if (/[^ims]/.test(flags)) throw new InspectorError('BAD_PATTERN', `unsupported regular expression flags '${flags}'`);
  if (source.length > MAX_PATTERN_CHARS)
    throw new InspectorError(
      'BAD_PATTERN',
      `the regular expression is ${source.length} characters long; at most ${MAX_PATTERN_CHARS} are taken`,
    );
  const folded = flags.includes('i') ? asciiCaseless(source) : source;
  const rest = flags.replace('i', '');
  const { source: spreadOut, states } = spreadPattern(folded);
  if (!runsInLinearTime(spreadOut, rest)) {
    throw new InspectorError(
      'BAD_PATTERN',
      `the regular expression /${source}/ needs backtracking (a backreference, a lookaround or counted repeats nested too deep), which could hang on a large body; rewrite it without`,
    );
  }
  const slice = Math.min(MAX_SLICE, Math.floor(MATCH_MEMORY_BYTES / (BYTES_PER_STATE_PAIR * Math.max(1, states))));
  if (slice < 4 * MIN_REACH) {
    throw new InspectorError(
      'BAD_PATTERN',
      `the regular expression /${source}/ is too large to match in bounded memory (its counted repeats make ${states} states); use fewer or smaller counts, or + and *`,
    );
  }
  const reach = Math.max(MIN_REACH, Math.floor(slice / 4));
  return { re: new RegExp(spreadOut, rest + 'g'), window: { size: slice - reach, reach } };
}

/** The RegExp of linearPattern alone (for callers that run it over short values). */
export function linearRegExp(source: string, flags = ''): RegExp {
  return linearPattern(source, flags).re;
}

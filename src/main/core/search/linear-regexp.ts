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

let enabled = false;

/** Turns on the linear engine (for the `l` check) and the fallback to it on excessive backtracking. Idempotent. */
export function enableLinearRegExp(): void {
  if (enabled) return;
  v8.setFlagsFromString('--enable-experimental-regexp-engine');
  v8.setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
  v8.setFlagsFromString('--regexp-backtracks-before-fallback=10000');
  enabled = true;
}

/** The linear engine replicates a counted quantifier's atom, and refuses counts above this. */
const MAX_COUNT_PER_QUANTIFIER = 16;
/** Counts above this are refused outright: a pattern is a few hundred characters, not a program. */
const MAX_COUNT = 10_000;

/**
 * The same pattern with every counted quantifier above 16 spread into a row of quantifiers of at most 16 each
 * (`x{40}` → `x{16}x{16}x{8}`, `x{20,}` → `x{16}x{4}x*`, `x{2,40}` → `x{2}x{0,16}x{0,16}x{0,6}`), which matches
 * exactly the same strings. V8's linear engine refuses counts above 16, and a pattern it cannot compile cannot fall
 * back to it either: `(?:a{1,40})+b` would backtrack without end. Spread, such a pattern has a linear fallback.
 */
export function spreadCounts(source: string): string {
  const stack: string[][] = [[]];
  let i = 0;
  const top = (): string[] => stack[stack.length - 1]!;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\\') {
      top().push(source.slice(i, i + 2));
      i += 2;
    } else if (c === '[') {
      let j = i + 1;
      if (source[j] === '^') j++;
      if (source[j] === ']') j++;
      while (j < source.length && source[j] !== ']') j += source[j] === '\\' ? 2 : 1;
      top().push(source.slice(i, j + 1));
      i = j + 1;
    } else if (c === '(') {
      const head = /^\((?:\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>))?/.exec(source.slice(i))![0];
      stack.push([head]);
      i += head.length;
    } else if (c === ')' && stack.length > 1) {
      const inner = stack.pop()!;
      top().push(inner.join('') + ')');
      i += 1;
    } else {
      const q = /^\{(\d+)(,(\d*))?\}(\?)?/.exec(source.slice(i));
      const last = top().length > 0 ? top()[top().length - 1]! : null;
      if (q && last !== null && last !== '|') {
        const min = Number(q[1]);
        const max = q[2] === undefined ? min : q[3] === '' ? Infinity : Number(q[3]);
        if (min > MAX_COUNT || (max !== Infinity && max > MAX_COUNT))
          throw new InspectorError('BAD_PATTERN', `the count in ${q[0]} is above ${MAX_COUNT}`);
        top()[top().length - 1] = spread(last, min, max, q[4] ?? '');
        i += q[0].length;
      } else {
        top().push(c);
        i += 1;
      }
    }
  }
  return stack.map((parts) => parts.join('')).join('');
}

function spread(atom: string, min: number, max: number, lazy: string): string {
  if (min <= MAX_COUNT_PER_QUANTIFIER && (max === Infinity || max <= MAX_COUNT_PER_QUANTIFIER)) {
    return `${atom}{${min}${max === min ? '' : `,${max === Infinity ? '' : max}`}}${lazy}`;
  }
  const parts: string[] = [];
  for (let left = min; left > 0; left -= MAX_COUNT_PER_QUANTIFIER) parts.push(`${atom}{${Math.min(left, MAX_COUNT_PER_QUANTIFIER)}}`);
  if (max === Infinity) parts.push(`${atom}*${lazy}`);
  else
    for (let left = max - min; left > 0; left -= MAX_COUNT_PER_QUANTIFIER)
      parts.push(`${atom}{0,${Math.min(left, MAX_COUNT_PER_QUANTIFIER)}}${lazy}`);
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

/**
 * A global RegExp for `source` that is guaranteed not to backtrack without bound: refused with BAD_PATTERN when only
 * a backtracking engine could run it. `flags` may hold `i` (and `s`, `m`); `g` is always added.
 */
export function linearRegExp(source: string, flags = ''): RegExp {
  if (/[^ims]/.test(flags)) throw new InspectorError('BAD_PATTERN', `unsupported regular expression flags '${flags}'`);
  const spreadOut = spreadCounts(source);
  if (!runsInLinearTime(spreadOut, flags)) {
    throw new InspectorError(
      'BAD_PATTERN',
      `the regular expression /${source}/ needs backtracking (a backreference, a lookaround or counted repeats nested too deep), which could hang on a large body; rewrite it without`,
    );
  }
  return new RegExp(spreadOut, flags + 'g');
}

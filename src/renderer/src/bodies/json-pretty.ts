/**
 * A lossless JSON pretty-printer built on a tokenizer, not JSON.parse: numbers and strings are printed exactly as
 * written (big integers keep every digit, escapes stay as escapes), duplicate and `__proto__` keys stay, and
 * nothing is ever turned into an object. Iterative, so 100,000 levels of nesting cannot overflow a stack;
 * indentation is capped and deeper levels are labelled. Malformed input is printed as far as it goes, then
 * flagged.
 */

export interface PrettyResult {
  readonly lines: string[];
  /** First problem met (the text is still printed), or null for well-formed JSON. */
  readonly problem: string | null;
}

export type Tok =
  | { k: 'open' | 'close'; s: string; at: number }
  | { k: 'comma' | 'colon'; at: number }
  | { k: 'atom'; s: string; at: number }
  | { k: 'bad'; s: string; at: number };

const MAX_INDENT_LEVELS = 32;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;

/** The tokens of `src` in order, with the character offset each starts at (resumable: the fold view slices it). */
export function* tokens(src: string): Generator<Tok> {
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    if (c === '{' || c === '[') yield { k: 'open', s: c, at: i++ };
    else if (c === '}' || c === ']') yield { k: 'close', s: c, at: i++ };
    else if (c === ',') yield { k: 'comma', at: i++ };
    else if (c === ':') yield { k: 'colon', at: i++ };
    else if (c === '"') {
      // Jump from quote to quote (indexOf, not a loop per character: a 10 MiB string is one token); a quote
      // preceded by an odd run of backslashes is escaped.
      let j = src.indexOf('"', i + 1);
      for (;;) {
        if (j < 0) {
          j = src.length;
          break;
        }
        let k = j - 1;
        while (src.charCodeAt(k) === 0x5c) k--;
        if ((j - 1 - k) % 2 === 0) break;
        j = src.indexOf('"', j + 1);
      }
      const end = Math.min(j + 1, src.length);
      yield j < src.length ? { k: 'atom', s: src.slice(i, end), at: i } : { k: 'bad', s: src.slice(i, end), at: i };
      i = end;
    } else {
      NUMBER.lastIndex = i;
      LITERAL.lastIndex = i;
      const m = NUMBER.exec(src) ?? LITERAL.exec(src);
      if (m && m.index === i) {
        yield { k: 'atom', s: m[0], at: i };
        i += m[0].length;
      } else {
        // Unknown text: up to the next structural character, shown as written.
        let j = i + 1;
        while (j < src.length && !'{}[],:" \t\r\n'.includes(src[j]!)) j++;
        yield { k: 'bad', s: src.slice(i, j), at: i };
        i = j;
      }
    }
  }
}

export function prettyJson(src: string): PrettyResult {
  const lines: string[] = [];
  const stack: string[] = [];
  let line = '';
  let problem: string | null = null;
  const indent = (): string => {
    const d = stack.length;
    return d <= MAX_INDENT_LEVELS ? '  '.repeat(d) : `${'  '.repeat(MAX_INDENT_LEVELS)}⟨depth ${d}⟩ `;
  };
  const newline = (): void => {
    if (line !== '') lines.push(line);
    line = indent();
  };
  let prev: Tok['k'] | null = null;
  for (const t of tokens(src)) {
    switch (t.k) {
      case 'open':
        if (prev === 'comma' || prev === 'open') newline();
        line += t.s;
        stack.push(t.s === '{' ? '}' : ']');
        break;
      case 'close': {
        const want = stack.pop();
        if (want !== t.s && !problem) problem = `unbalanced ${t.s} at character ${t.at}`;
        if (prev !== 'open') newline();
        line += t.s;
        break;
      }
      case 'comma':
        line += ',';
        break;
      case 'colon':
        line += ': ';
        break;
      case 'atom':
      case 'bad':
        if (prev === 'comma' || prev === 'open') newline();
        if (t.k === 'bad' && !problem) problem = `not JSON at character ${t.at}`;
        line += t.s;
        break;
    }
    prev = t.k;
    if (line.length > 100_000) {
      // A single enormous token (a 10 MiB string) is split so rows stay renderable.
      lines.push(line);
      line = '';
    }
  }
  if (line !== '') lines.push(line);
  if (stack.length && !problem) problem = `${stack.length} bracket(s) left open at the end (the body may be cut)`;
  return { lines, problem };
}

/**
 * The commands' one argument parser: Node's util.parseArgs splits the words (long and short names, values),
 * this file holds the house rules on top of it, which are stricter than parseArgs' own:
 * - a value flag takes the next word whatever it looks like (`-n -1` reaches the flag's check, which names it);
 * - `--flag=value`, short groups (`-nx`), `--` and a lone `-` are unknown options unless a flag or the
 *   command allows them, so every command reports `unknown option X` with X exactly as typed;
 * - the first problem in the order typed is the one reported, as a sentence for the usage line.
 */
import { parseArgs } from 'node:util';

/** A rejected value: the sentence the usage error shows. */
export class Invalid {
  constructor(readonly message: string) {}
}

export const invalid = (message: string): Invalid => new Invalid(message);

/** A flag followed by a value; `read` turns the word (undefined when the words ran out) into the value or refuses it. */
export interface ValueFlag<T> {
  readonly takes: 'value';
  readonly short?: string;
  /** Also accept `--name=value` (serve's --port). */
  readonly inline?: boolean;
  /** `flag` is the name as typed (`-n` or `--rows`), for the sentence. */
  readonly read: (value: string | undefined, flag: string) => T | Invalid;
}

/** A flag on its own; `refuse` makes its mere presence a usage error (serve's --help). */
export interface SwitchFlag {
  readonly takes: 'nothing';
  readonly short?: string;
  readonly refuse?: string;
}

export type FlagSpecs = Readonly<Record<string, ValueFlag<unknown> | SwitchFlag>>;

export type FlagValues<S extends FlagSpecs> = {
  -readonly [K in keyof S]: S[K] extends ValueFlag<infer T> ? T | undefined : boolean;
};

export interface ParsedArgs<S extends FlagSpecs> {
  readonly flags: FlagValues<S>;
  readonly positionals: string[];
}

export interface PositionalRules {
  /** At most one positional (a path): a second is refused as it is met. */
  readonly single?: boolean;
  /** A lone `-` is a positional, not an unknown option (body). */
  readonly loneDash?: boolean;
}

/** The words as flags and positionals, or the sentence naming the first word that does not fit. */
export function parseCommandArgs<S extends FlagSpecs>(
  args: readonly string[],
  specs: S,
  rules: PositionalRules = {},
): ParsedArgs<S> | string {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {};
  const flags: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(specs)) {
    options[name] = { type: spec.takes === 'value' ? 'string' : 'boolean', ...(spec.short ? { short: spec.short } : {}) };
    flags[name] = spec.takes === 'value' ? undefined : false;
  }
  const { tokens } = parseArgs({ args: [...args], options, strict: false, allowPositionals: true, tokens: true });
  const positionals: string[] = [];
  // After `--` every argument is a positional, even one that starts with '-' (a pattern, a file named -x).
  let ended = false;
  for (const token of tokens) {
    const typed = args[token.index] ?? '';
    if (token.kind === 'option-terminator') {
      ended = true;
      continue;
    }
    if (token.kind === 'positional') {
      if (typed.startsWith('-') && !rules.loneDash && !ended) return `unknown option ${typed}`;
      if (rules.single && positionals.length > 0) return `only one path may be given (got ${positionals[0]} and ${typed})`;
      positionals.push(typed);
      continue;
    }
    const spec = Object.hasOwn(specs, token.name) ? specs[token.name] : undefined;
    const inlineOk = spec?.takes === 'value' && spec.inline === true && typed === `${token.rawName}=${token.value ?? ''}`;
    if (!spec || (typed !== token.rawName && !inlineOk)) return `unknown option ${typed}`;
    if (spec.takes === 'nothing') {
      if (spec.refuse !== undefined) return spec.refuse;
      flags[token.name] = true;
      continue;
    }
    const value = spec.read(token.value, token.rawName);
    if (value instanceof Invalid) return value.message;
    flags[token.name] = value;
  }
  return { flags: flags as FlagValues<S>, positionals };
}

/** A whole number of at least `min`, written in digits only (check's --rows and --workers). */
export function digitsNumber(message: (flag: string) => string, min = 0): ValueFlag<number>['read'] {
  return (value, flag) => {
    const n = Number(value);
    return value !== undefined && /^\d+$/.test(value) && Number.isSafeInteger(n) && n >= min ? n : invalid(message(flag));
  };
}

/** A whole number of zero or more as JavaScript's Number() reads it (list's -n, chain's --expect-count: `1e2` is 100). */
export function countNumber(message: (flag: string) => string): ValueFlag<number>['read'] {
  return (value, flag) => {
    const n = Number(value);
    return Number.isInteger(n) && n >= 0 ? n : invalid(message(flag));
  };
}

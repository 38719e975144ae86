// Command line of `npm run gen:large -- <dir> [--events N] [--body-mib M] [--seed S]`.
export interface GenLargeArgs {
  readonly dir: string;
  readonly events: number;
  readonly bodyMiB: number;
  readonly seed: number;
}

export const USAGE =
  'usage: npm run gen:large -- <dir> [--events N (default 1000000)] [--body-mib M (default 1024)] [--seed S (default 1)]';

export function parseGenLargeArgs(argv: readonly string[]): GenLargeArgs | string {
  let dir: string | null = null;
  const nums: Record<string, number> = { events: 1_000_000, 'body-mib': 1024, seed: 1 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--')) {
      const name = a.slice(2);
      const value = Number(argv[++i]);
      if (!(name in nums)) return `unknown option ${a}\n${USAGE}`;
      if (!Number.isFinite(value) || value <= 0 || (name !== 'body-mib' && !Number.isInteger(value)))
        return `${a} needs a positive number\n${USAGE}`;
      nums[name] = value;
    } else if (dir === null) dir = a;
    else return `unexpected argument ${a}\n${USAGE}`;
  }
  if (dir === null) return USAGE;
  return { dir, events: nums.events!, bodyMiB: nums['body-mib']!, seed: nums.seed! };
}

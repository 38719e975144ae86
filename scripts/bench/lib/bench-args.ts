// Options of `npm run bench`.
export interface BenchArgs {
  /** Reuse a generated ledger: a session folder, or a folder holding exactly one. */
  readonly dir: string | null;
  /** Reuse the smaller ledger for the memory comparison (same form as dir). */
  readonly pairDir: string | null;
  readonly events: number;
  readonly bodyMiB: number;
  readonly seed: number;
  readonly pages: number;
  /** Skip the second, smaller ledger (memory growth then shows as not measured). */
  readonly noPair: boolean;
  /** Keep generated ledgers (their folder is printed). */
  readonly keep: boolean;
  readonly noBrowser: boolean;
}

export const BENCH_USAGE =
  'usage: npm run bench -- [--dir <ledger>] [--pair-dir <smaller ledger>] [--events N] [--body-mib M] [--seed S] [--pages N] [--no-pair] [--no-browser] [--keep]';

export function parseBenchArgs(argv: readonly string[]): BenchArgs | string {
  const out = {
    dir: null as string | null,
    pairDir: null as string | null,
    events: 1_000_000,
    bodyMiB: 1024,
    seed: 1,
    pages: 100,
    noPair: false,
    keep: false,
    noBrowser: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string | undefined => argv[++i];
    switch (a) {
      case '--dir':
        out.dir = value() ?? null;
        break;
      case '--pair-dir':
        out.pairDir = value() ?? null;
        break;
      case '--events':
        out.events = Number(value());
        break;
      case '--body-mib':
        out.bodyMiB = Number(value());
        break;
      case '--seed':
        out.seed = Number(value());
        break;
      case '--pages':
        out.pages = Number(value());
        break;
      case '--no-pair':
        out.noPair = true;
        break;
      case '--keep':
        out.keep = true;
        break;
      case '--no-browser':
        out.noBrowser = true;
        break;
      default:
        return `unknown argument ${a}\n${BENCH_USAGE}`;
    }
  }
  for (const k of ['events', 'bodyMiB', 'seed', 'pages'] as const)
    if (!Number.isFinite(out[k]) || out[k] <= 0) return `--${k} needs a positive number\n${BENCH_USAGE}`;
  return out;
}

/** Command line of scripts/fuzz.ts. */
import { FUZZ_TARGETS, type FuzzTarget } from '../../test/hostile/lib/fuzz-case.js';

export interface FuzzArgs {
  readonly minutes: number;
  readonly targets: readonly FuzzTarget[];
  readonly seed: number;
  /** Where crashers are written (<out>/<target>/*.bin). */
  readonly out: string;
}

export const USAGE = 'usage: npm run fuzz -- [--minutes N] [--target archive|sqlite|host|all] [--seed N] [--out DIR]';

export function parseFuzzArgs(argv: readonly string[]): FuzzArgs {
  let minutes = 1;
  let target = 'all';
  let seed = Date.now() % 2 ** 31;
  let out = 'test/hostile/crashers';
  for (let i = 0; i < argv.length; i++) {
    const v = argv[i + 1];
    switch (argv[i]) {
      case '--minutes':
        minutes = Number(v);
        i++;
        break;
      case '--target':
        target = String(v);
        i++;
        break;
      case '--seed':
        seed = Number(v);
        i++;
        break;
      case '--out':
        out = String(v);
        i++;
        break;
      default:
        throw new Error(`unknown argument ${argv[i]}\n${USAGE}`);
    }
  }
  if (!(minutes > 0)) throw new Error(`--minutes must be a positive number\n${USAGE}`);
  const targets = target === 'all' ? FUZZ_TARGETS : FUZZ_TARGETS.filter((t) => t === target);
  if (targets.length === 0) throw new Error(`unknown target ${target}\n${USAGE}`);
  return { minutes, targets, seed, out };
}

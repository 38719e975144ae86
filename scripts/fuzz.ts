/**
 * Time-boxed mutation fuzzer (issue 10, reliability-anchors FUZ-1):
 *   npm run fuzz -- --minutes N [--target archive|sqlite|host|all] [--seed N] [--out DIR]
 * The time is split evenly between the targets. Inputs that throw, hang (> 1 s archive, > 5 s database), or
 * yield INTERNAL or an unknown code are written to <out>/<target>/ (default test/hostile/crashers/, replayed by
 * every test run). Exit status 1 when anything was kept.
 */
import { parseFuzzArgs } from './fuzz/args.js';
import { fuzzArchive } from './fuzz/archive-target.js';
import { fuzzDatabases } from './fuzz/db-target.js';
import type { Tally } from './fuzz/tally.js';

async function main(): Promise<number> {
  const args = parseFuzzArgs(process.argv.slice(2));
  const share = (args.minutes * 60_000) / args.targets.length;
  console.log(`fuzz: ${args.minutes} min over ${args.targets.join(', ')}, seed ${args.seed}, crashers to ${args.out}/<target>/`);
  const tallies: Tally[] = [];
  for (const [i, target] of args.targets.entries()) {
    const deadline = Date.now() + share;
    const seed = args.seed + i;
    const tally =
      target === 'archive' ? await fuzzArchive(deadline, seed, args.out) : await fuzzDatabases(target, deadline, seed, args.out);
    console.log(tally.render());
    tallies.push(tally);
  }
  const kept = tallies.reduce((n, t) => n + t.crashers.length, 0);
  console.log(`fuzz: ${tallies.reduce((n, t) => n + t.inputs, 0)} inputs in all, ${kept} crashers kept (seed ${args.seed})`);
  return kept > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);

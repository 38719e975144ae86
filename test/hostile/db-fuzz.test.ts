// SQL-6 (time-boxed): mutated session.db / host.db files and their -wal (header fields, page headers, cell
// pointers, overflow links, WAL header and frame headers) → opened (and then every browse step gives a value or a
// named failure) or refused by name; never a crash, a hang over 5 s, INTERNAL or an exception. Each case runs in a
// child process so a native crash is caught and named. Cases that break the rule are kept under
// test-artifacts/crashers/<target>/ for replay and routing (copy them into test/hostile/crashers/ with the fix).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildDbBases, materialize, type DbBase } from './lib/db-bases.js';
import { drawDbCase, type DbCase } from './lib/db-cases.js';
import type { ChildCase } from './lib/db-case-child.js';
import { runDbCases, type CaseResult } from './lib/db-case-runner.js';
import { keepCase } from './lib/fuzz-case.js';
import { Rng } from './lib/mutations.js';
import { tempDir } from './lib/temp.js';

const CASES_PER_BASE = Math.max(1, Number(process.env.HOSTILE_DB_CASES ?? 16));
const SEED = Number(process.env.HOSTILE_SEED ?? 20260302);
const ARTIFACTS = join(process.cwd(), 'test-artifacts', 'crashers');
let bases: DbBase[] = [];
let work = '';

beforeAll(async () => {
  bases = await buildDbBases();
  work = tempDir('hostile-dbfuzz-');
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function judge(results: Map<number, CaseResult>, cases: readonly DbCase[]): string[] {
  const bad: string[] = [];
  cases.forEach((c, i) => {
    const r = results.get(i);
    const broken = !r || r.outcome === 'HANG' || r.outcome === 'CRASH' || r.outcome === 'threw' || r.problems.length > 0;
    if (!broken) return;
    const reason = r ? `${r.outcome}: ${r.problems.join(' | ').slice(0, 400)}` : 'no result';
    const kept = keepCase(ARTIFACTS, { target: c.base.target, seed: c.base.name, reason, mutations: c.mutations }, c.files);
    bad.push(`${c.base.name} ${c.file} ${JSON.stringify(c.mutations)} → ${reason} (kept: ${kept})`);
  });
  return bad;
}

function toChildCases(cases: readonly DbCase[], tag: string): ChildCase[] {
  return cases.map((c, index) => {
    const dir = join(work, `${tag}-${index}`);
    mkdirSync(dir, { recursive: true });
    const where = materialize(dir, c.base.target, c.files);
    return { index, target: c.base.target, open: where.open, runDir: where.runDir };
  });
}

describe('hostile databases: opened or refused by name, never a crash or hang', () => {
  it('every base opens cleanly (the harness accepts good input)', async () => {
    const cases: DbCase[] = bases.map((base) => ({ base, file: '-', mutations: [], files: base.files }));
    const results = await runDbCases(toChildCases(cases, 'base'), work, work);
    expect(bases.map((b, i) => `${b.name}:${results.get(i)?.outcome}:${results.get(i)?.problems.join('|')}`)).toEqual(
      bases.map((b) => `${b.name}:opened:`),
    );
  });

  it(`${CASES_PER_BASE} mutated cases per base (seed ${SEED})`, async () => {
    const rng = new Rng(SEED);
    const cases: DbCase[] = bases.flatMap((base) => Array.from({ length: CASES_PER_BASE }, () => drawDbCase(base, rng)));
    const results = await runDbCases(toChildCases(cases, 'mutated'), work, work);
    const tally = new Map<string, number>();
    let slowest = 0;
    for (const r of results.values()) {
      tally.set(r.outcome, (tally.get(r.outcome) ?? 0) + 1);
      slowest = Math.max(slowest, r.ms);
    }
    console.log(
      `db fuzz seed ${SEED}: ${cases.length} cases, outcomes ${JSON.stringify(Object.fromEntries(tally))}, slowest ${slowest.toFixed(0)} ms`,
    );
    expect(judge(results, cases), `seed ${SEED}`).toEqual([]);
    // The fuzz must have reached both sides: some damaged files still open, some are refused.
    expect(tally.get('opened') ?? 0).toBeGreaterThan(0);
    expect([...tally.keys()].some((k) => k.startsWith('refused:'))).toBe(true);
  });
});

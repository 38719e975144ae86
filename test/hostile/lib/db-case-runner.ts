/**
 * Runs DB cases in child processes with a per-case deadline. A case that outlives it is a hang; a child that dies
 * by a signal or exits early is a crash; either way the child is replaced and the run continues with the next case.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildCase, ChildOutcome } from './db-case-child.js';

export type CaseResult = ChildOutcome | { readonly outcome: 'HANG' | 'CRASH'; readonly problems: readonly string[]; readonly ms: number };

const CHILD = fileURLToPath(new URL('./db-case-child.ts', import.meta.url));

function runBatch(
  cases: readonly ChildCase[],
  work: string,
  scratchRoot: string,
  deadlineMs: number,
  results: Map<number, CaseResult>,
): Promise<void> {
  const file = join(work, `cases-${cases[0]!.index}.json`);
  writeFileSync(file, JSON.stringify(cases));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, file, scratchRoot], { stdio: ['ignore', 'pipe', 'pipe'] });
    let current: number | null = null;
    let started = 0;
    let timer: NodeJS.Timeout | null = null;
    let stderr = '';
    let buf = '';
    const arm = (): void => {
      if (timer) clearTimeout(timer);
      // The first case also pays the child's start-up (tsx, better-sqlite3): give it a few seconds more.
      timer = setTimeout(
        () => {
          if (current !== null)
            results.set(current, { outcome: 'HANG', problems: [`no answer within ${deadlineMs} ms`], ms: performance.now() - started });
          child.kill('SIGKILL');
        },
        deadlineMs + (results.size === 0 ? 5000 : 0),
      );
    };
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString();
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        const m = /^(START|DONE) (\d+)(?: (.*))?$/.exec(line);
        if (!m) continue;
        if (m[1] === 'START') {
          current = Number(m[2]);
          started = performance.now();
          arm();
        } else {
          results.set(Number(m[2]), JSON.parse(m[3]!) as ChildOutcome);
          current = null;
        }
      }
    });
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      if (current !== null && !results.has(current)) {
        results.set(current, {
          outcome: 'CRASH',
          problems: [`child ended (${signal ?? `exit ${code}`}) during the case: ${stderr.trim().slice(-800)}`],
          ms: performance.now() - started,
        });
      }
      resolve();
    });
  });
}

/** Runs every case; returns results by case index (cases after a hang or crash run in a fresh child). */
export async function runDbCases(
  cases: readonly ChildCase[],
  work: string,
  scratchRoot: string,
  deadlineMs = 5000,
): Promise<Map<number, CaseResult>> {
  const results = new Map<number, CaseResult>();
  let rest = [...cases];
  while (rest.length > 0) {
    await runBatch(rest, work, scratchRoot, deadlineMs, results);
    const next = rest.findIndex((c) => !results.has(c.index));
    if (next < 0) break;
    // A child that died before START of a case (e.g. at start-up) would loop forever: mark that case and move on.
    if (next === 0 && !results.has(rest[0]!.index))
      results.set(rest[0]!.index, { outcome: 'CRASH', problems: ['child did not start the case'], ms: 0 });
    rest = rest.slice(rest.findIndex((c) => !results.has(c.index)) >= 0 ? rest.findIndex((c) => !results.has(c.index)) : rest.length);
  }
  return results;
}

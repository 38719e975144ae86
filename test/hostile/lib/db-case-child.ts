/**
 * Child process of the DB fuzzer: opens each case with the product (session: the full browse of
 * session-driver; host: openHostLedger) and prints `START <i>` before and `DONE <i> <json>` after each, so the
 * parent can name the case that hung or killed the process (a native crash would otherwise take vitest down).
 * Usage: node --import tsx db-case-child.ts <cases.json> <scratchRoot>
 */
import { readFileSync } from 'node:fs';
import { ERROR_CODES } from '../../../src/shared/errors.js';
import { openHostLedger } from '../../../src/main/core/host/open-host-ledger.js';
import { driveSession } from './session-driver.js';

export interface ChildCase {
  readonly index: number;
  readonly target: 'sqlite' | 'host';
  readonly open: string;
  readonly runDir: string;
}

export interface ChildOutcome {
  /** 'opened' or 'refused:<CODE>'. */
  readonly outcome: string;
  readonly problems: readonly string[];
  readonly ms: number;
}

const NAMED = new Set<string>(ERROR_CODES.filter((c) => c !== 'INTERNAL'));

async function runHost(c: ChildCase, scratchRoot: string): Promise<Omit<ChildOutcome, 'ms'>> {
  const r = await openHostLedger(c.open, { runDir: c.runDir, scratchRoot });
  if (!r.ok)
    return { outcome: `refused:${r.error.code}`, problems: NAMED.has(r.error.code) ? [] : [`open: ${r.error.code}: ${r.error.message}`] };
  // Touch what the library view shows, so lazily wrong values surface here.
  const problems: string[] = [];
  if (r.value.chain.events !== r.value.events.length && r.value.chain.events < 0) problems.push('negative event count');
  if (typeof r.value.chain.summary !== 'string') problems.push('chain summary is not a sentence');
  JSON.stringify({ s: r.value.sessions.length, b: r.value.chain.breaks.length }, (_k, v: unknown) =>
    typeof v === 'bigint' ? String(v) : v,
  );
  return { outcome: 'opened', problems };
}

async function runSession(c: ChildCase, scratchRoot: string): Promise<Omit<ChildOutcome, 'ms'>> {
  const r = await driveSession([c.open], { scratchRoot, maxBodies: 6 });
  const open = r.steps[0];
  return { outcome: !open ? 'none' : open.outcome === 'ok' ? 'opened' : `refused:${open.outcome}`, problems: r.problems };
}

async function main(): Promise<void> {
  const [casesPath, scratchRoot] = process.argv.slice(2) as [string, string];
  const cases = JSON.parse(readFileSync(casesPath, 'utf8')) as ChildCase[];
  for (const c of cases) {
    process.stdout.write(`START ${c.index}\n`);
    const t = performance.now();
    let out: Omit<ChildOutcome, 'ms'>;
    try {
      out = c.target === 'host' ? await runHost(c, scratchRoot) : await runSession(c, scratchRoot);
    } catch (error) {
      out = { outcome: 'threw', problems: [`threw ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`] };
    }
    process.stdout.write(`DONE ${c.index} ${JSON.stringify({ ...out, ms: performance.now() - t })}\n`);
  }
}

await main();

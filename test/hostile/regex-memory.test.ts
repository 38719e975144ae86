// Hostile searches stay bounded (issue 35): each case of regex-cases.ts runs in a child process of its own and must
// either stay under MAX_RSS_MIB of peak memory or be refused by name (BAD_PATTERN). Time is printed, never asserted:
// the bound that matters to a reviewer's machine is memory, and a figure from a shared machine is not a limit.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REGEX_CASES } from './lib/regex-cases.js';

const CHILD = join(import.meta.dirname, 'lib', 'regex-case-child.ts');
/** The matcher's own bound (256 MiB per exec) plus the process, the body and its latin1 copy. */
const MAX_RSS_MIB = 768;

describe('hostile searches', () => {
  it.each(REGEX_CASES.map((c) => [c.name, c] as const))('%s: bounded or refused by name', (_name, c) => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify(c)], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as {
      refused?: string;
      message?: string;
      ms?: number;
      maxRssMiB?: number;
    };
    console.log(`${c.name}: ${out.refused ? `refused ${out.refused}: ${out.message}` : `${out.ms} ms, peak ${out.maxRssMiB} MiB`}`);
    if (c.expect === 'refused') expect(out.refused).toBe('BAD_PATTERN');
    else expect(out.maxRssMiB).toBeLessThan(MAX_RSS_MIB);
  });
});

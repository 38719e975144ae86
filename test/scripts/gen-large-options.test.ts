import { describe, expect, it } from 'vitest';
import { parseGenLargeArgs, USAGE } from '../../scripts/gen-large/options.js';
import { parseBenchArgs } from '../../scripts/bench/lib/bench-args.js';
import { markdownTable, pass } from '../../scripts/bench/lib/report.js';

describe('gen:large arguments', () => {
  it('takes the defaults of issue 9', () => {
    expect(parseGenLargeArgs(['/tmp/x'])).toEqual({ dir: '/tmp/x', events: 1_000_000, bodyMiB: 1024, seed: 1 });
  });
  it('reads sizes and seed', () => {
    expect(parseGenLargeArgs(['/tmp/x', '--events', '50000', '--body-mib', '64', '--seed', '3'])).toEqual({
      dir: '/tmp/x',
      events: 50000,
      bodyMiB: 64,
      seed: 3,
    });
  });
  it('refuses a missing folder, unknown options and bad numbers', () => {
    expect(parseGenLargeArgs([])).toBe(USAGE);
    expect(parseGenLargeArgs(['/tmp/x', '--rows', '5'])).toMatch(/unknown option --rows/);
    expect(parseGenLargeArgs(['/tmp/x', '--events', '-1'])).toMatch(/--events needs a positive number/);
    expect(parseGenLargeArgs(['/tmp/x', '--events', '1.5'])).toMatch(/--events needs a positive number/);
  });
});

describe('bench arguments and table', () => {
  it('parses reuse and size options', () => {
    const a = parseBenchArgs(['--dir', '/tmp/l', '--events', '50000', '--body-mib', '64', '--no-pair']);
    expect(typeof a).toBe('object');
    if (typeof a === 'string') return;
    expect([a.dir, a.events, a.bodyMiB, a.noPair, a.pages]).toEqual(['/tmp/l', 50000, 64, true, 100]);
    expect(parseBenchArgs(['--bogus'])).toMatch(/unknown argument --bogus/);
  });
  it('prints a Markdown table with a verdict column and escaped cells', () => {
    const t = markdownTable([
      { figure: 'a|b', inspector: '1 ms', reference: '2 ms', goal: '< 3 ms', verdict: pass(true) },
      { figure: 'c', inspector: 'x', reference: '—', goal: 'g', verdict: pass(false) },
    ]);
    expect(t.split('\n')).toEqual([
      '| Figure | Inspector | Native reference (same run) | Goal | Result |',
      '|---|---|---|---|---|',
      '| a\\|b | 1 ms | 2 ms | < 3 ms | PASS |',
      '| c | x | — | g | FALL SHORT |',
    ]);
    expect(pass(null)).toBe('NOT MEASURED');
  });
});

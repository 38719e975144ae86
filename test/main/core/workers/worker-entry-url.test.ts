import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { childProcessScript, workerEntry, withoutTsx } from '../../../../src/main/core/workers/worker-entry-url.js';

describe('workerEntry', () => {
  it('starts the .ts sibling through a tsx bootstrap when running from sources', () => {
    const pool = new URL('../../../../src/main/core/jobs/verify-pool.ts', import.meta.url).href;
    const e = workerEntry(pool, 'verify-worker');
    expect(e.eval).toBe(true);
    expect(e.moduleUrl).toBe(pool.replace(/verify-pool\.ts$/, 'verify-worker.ts'));
    expect(String(e.specifier)).toContain('register()');
    expect(String(e.specifier)).toContain('tsx/dist/esm/api/index.mjs');
  });

  it('starts the built .js sibling directly', () => {
    const e = workerEntry('file:///app/build/node/src/main/core/jobs/verify-pool.js', 'verify-worker');
    expect(e.eval).toBe(false);
    expect(e.moduleUrl).toBe('file:///app/build/node/src/main/core/jobs/verify-worker.js');
  });
});

describe('workerEntry with CAPSEM_BUILT_WORKERS=1 (the benchmarks)', () => {
  it('starts the built .js worker from sources when the build has it, else falls back to the tsx bootstrap', () => {
    const before = process.env.CAPSEM_BUILT_WORKERS;
    process.env.CAPSEM_BUILT_WORKERS = '1';
    try {
      const pool = new URL('../../../../src/main/core/jobs/verify-pool.ts', import.meta.url).href;
      expect(workerEntry(pool, 'no-such-worker').eval).toBe(true);
      const built = new URL('../../../../build/node/src/main/core/jobs/verify-worker.js', import.meta.url);
      const e = workerEntry(pool, 'verify-worker');
      if (existsSync(built)) {
        expect(e.eval).toBe(false);
        expect(e.moduleUrl).toBe(built.href);
      } else expect(e.eval).toBe(true);
    } finally {
      if (before === undefined) delete process.env.CAPSEM_BUILT_WORKERS;
      else process.env.CAPSEM_BUILT_WORKERS = before;
    }
  });
});

describe('withoutTsx', () => {
  it('drops the tsx loader, in every spelling, and keeps every other flag', () => {
    expect(
      withoutTsx([
        '--import',
        'tsx',
        '--max-old-space-size=512',
        '--import=tsx/esm',
        '--require',
        '/x/node_modules/tsx/dist/cjs.cjs',
        '--loader',
        'tsx',
        '-r',
        'tsx',
        '--cpu-prof',
        '--import',
        './other.js',
      ]),
    ).toEqual(['--max-old-space-size=512', '--cpu-prof', '--import', './other.js']);
    expect(withoutTsx([])).toEqual([]);
  });
});

describe('childProcessScript', () => {
  it('runs the built .js sibling as it is, and from sources the .ts through tsx', () => {
    expect(childProcessScript('file:///app/build/node/src/main/core/jobs/verify-host-client.js', 'verify-host')).toEqual({
      path: '/app/build/node/src/main/core/jobs/verify-host.js',
      execArgv: [],
    });
    const before = process.env.CAPSEM_BUILT_WORKERS;
    delete process.env.CAPSEM_BUILT_WORKERS;
    try {
      expect(childProcessScript('file:///repo/src/main/core/sql/sql-runner.ts', 'sql-child')).toEqual({
        path: '/repo/src/main/core/sql/sql-child.ts',
        execArgv: ['--import', 'tsx'],
      });
    } finally {
      if (before !== undefined) process.env.CAPSEM_BUILT_WORKERS = before;
    }
  });

  it('with CAPSEM_BUILT_WORKERS=1 takes the build when it has the script, else the sources', () => {
    const before = process.env.CAPSEM_BUILT_WORKERS;
    process.env.CAPSEM_BUILT_WORKERS = '1';
    try {
      expect(childProcessScript('file:///nowhere/src/main/core/jobs/x.ts', 'verify-host').execArgv).toEqual(['--import', 'tsx']);
      const runner = new URL('../../../../src/main/core/jobs/verify-host-client.ts', import.meta.url).href;
      const built = new URL('../../../../build/node/src/main/core/jobs/verify-host.js', import.meta.url);
      const s = childProcessScript(runner, 'verify-host');
      if (existsSync(built)) expect(s).toEqual({ path: built.pathname, execArgv: [] });
      else expect(s.execArgv).toEqual(['--import', 'tsx']);
    } finally {
      if (before === undefined) delete process.env.CAPSEM_BUILT_WORKERS;
      else process.env.CAPSEM_BUILT_WORKERS = before;
    }
  });
});

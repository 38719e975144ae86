// Starts a worker thread on a sibling module, whether we run from TypeScript sources or from the build.
// From sources (vitest, tsx: the calling module's URL ends in `.ts`) the worker must load `.ts` files too.
// Node 20 does not apply `--import tsx` given in a Worker's execArgv before the worker's main module is
// loaded (ERR_UNKNOWN_FILE_EXTENSION), so the worker instead starts on a two-line bootstrap that registers
// tsx's loader in that thread and then imports the `.ts` entry. Built code starts the `.js` file directly.
//
// CAPSEM_BUILT_WORKERS=1 (set by the benchmarks once they made sure build/node is current) starts the built `.js`
// worker even from sources: compiling the worker through tsx costs 0.4-1.8 s per thread, which the shipped app never
// pays and which would otherwise be most of a benchmark's figure.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkerOptions } from 'node:worker_threads';

export interface WorkerEntry {
  /** What to hand to `new Worker(...)`. */
  readonly specifier: URL | string;
  readonly eval: boolean;
  /** The module the worker ends up running (for messages and tests). */
  readonly moduleUrl: string;
}

/** The entry for `<baseName>.ts|.js` beside the module whose `import.meta.url` is `callerUrl`. */
export function workerEntry(callerUrl: string, baseName: string): WorkerEntry {
  if (callerUrl.endsWith('.ts')) {
    const built = process.env.CAPSEM_BUILT_WORKERS === '1' ? builtSibling(callerUrl, baseName) : null;
    if (built) return { specifier: built, eval: false, moduleUrl: built.href };
    const moduleUrl = new URL(`./${baseName}.ts`, callerUrl).href;
    const tsxApi = tsxApiUrl(callerUrl);
    const bootstrap =
      `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); ` +
      `return import(${JSON.stringify(moduleUrl)}); })` +
      `.catch((e) => { process.nextTick(() => { throw e; }); });`;
    return { specifier: bootstrap, eval: true, moduleUrl };
  }
  const url = new URL(`./${baseName}.js`, callerUrl);
  return { specifier: url, eval: false, moduleUrl: url.href };
}

/** `<root>/build/node/src/…/<baseName>.js` for a caller at `<root>/src/…`, when that file exists. */
function builtSibling(callerUrl: string, baseName: string): URL | null {
  const at = callerUrl.lastIndexOf('/src/');
  if (at < 0) return null;
  const url = new URL(`./${baseName}.js`, `${callerUrl.slice(0, at)}/build/node${callerUrl.slice(at)}`);
  return existsSync(fileURLToPath(url)) ? url : null;
}

/**
 * A child process's script `<baseName>` beside the caller, and the runtime flags it needs: the built `.js` when the
 * caller is built (or runs from sources with CAPSEM_BUILT_WORKERS=1 and a build is there, as workers do), else the
 * `.ts` through tsx. Node loads `--import tsx` in a child process before its main module, unlike in a worker.
 */
export function childProcessScript(callerUrl: string, baseName: string): { readonly path: string; readonly execArgv: readonly string[] } {
  if (!callerUrl.endsWith('.ts')) return { path: fileURLToPath(new URL(`./${baseName}.js`, callerUrl)), execArgv: [] };
  const built = process.env.CAPSEM_BUILT_WORKERS === '1' ? builtSibling(callerUrl, baseName) : null;
  if (built) return { path: fileURLToPath(built), execArgv: [] };
  return { path: fileURLToPath(new URL(`./${baseName}.ts`, callerUrl)), execArgv: ['--import', 'tsx'] };
}

export function spawnWorker(callerUrl: string, baseName: string, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const entry = workerEntry(callerUrl, baseName);
  const builtFromSources = !entry.eval && callerUrl.endsWith('.ts');
  return new Worker(entry.specifier, {
    ...(builtFromSources ? { execArgv: withoutTsx(process.execArgv) } : {}),
    ...options,
    eval: entry.eval,
  });
}

/**
 * A built worker started from sources (the benchmarks) would otherwise inherit `--import tsx`, and every module it
 * imports would then go through tsx's loader thread: ~150 ms more per worker start than the app, which runs no tsx.
 */
export function withoutTsx(execArgv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const a = execArgv[i]!;
    if ((a === '--import' || a === '--require' || a === '-r' || a === '--loader') && /tsx/.test(execArgv[i + 1] ?? '')) {
      i++;
      continue;
    }
    if (/^--(import|require|loader)=.*tsx/.test(a)) continue;
    out.push(a);
  }
  return out;
}

/**
 * tsx's ESM API, resolved from the caller (never from the worker's cwd). require() finds the CommonJS
 * build, whose register() cannot load its hooks from a worker, so take the ESM file beside it.
 */
function tsxApiUrl(callerUrl: string): string {
  const cjsPath = createRequire(callerUrl).resolve('tsx/esm/api');
  return pathToFileURL(cjsPath.replace(/\.cjs$/, '.mjs')).href;
}

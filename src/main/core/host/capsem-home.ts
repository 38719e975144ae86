/**
 * Finding the host ledger and the run folder from what the user named: a Capsem home
 * (`<home>/sessions/host.db`), its `sessions` folder, or a host.db file; default `$CAPSEM_HOME` or `~/.capsem`.
 * The run folder is `$CAPSEM_RUN_DIR` (default `<home>/run`) when nothing was named, `<home>/run` otherwise,
 * so an inspected copy of a home is never matched against the live machine's sessions.
 */
import { lstatSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import type { Result } from '../../../shared/errors.js';
import { fail } from '../../../shared/errors.js';

export interface HostLocation {
  readonly home: string;
  readonly hostDbPath: string;
  readonly runDir: string;
}

function kindOf(path: string): 'file' | 'dir' | 'other' | 'missing' {
  try {
    const st = lstatSync(path);
    return st.isFile() ? 'file' : st.isDirectory() ? 'dir' : 'other';
  } catch {
    return 'missing';
  }
}

function fromHostDb(hostDbPath: string): HostLocation {
  const parent = dirname(hostDbPath);
  const home = basename(parent) === 'sessions' ? dirname(parent) : parent;
  return { home, hostDbPath, runDir: join(home, 'run') };
}

export function defaultCapsemHome(env: Readonly<Record<string, string | undefined>>): string {
  return env.CAPSEM_HOME || join(env.HOME || homedir(), '.capsem');
}

export function locateHostLedger(given: string | undefined, env: Readonly<Record<string, string | undefined>>): Result<HostLocation> {
  if (given === undefined) {
    const home = resolve(defaultCapsemHome(env));
    const hostDbPath = join(home, 'sessions', 'host.db');
    if (kindOf(hostDbPath) !== 'file') return { ok: false, error: fail('NOT_FOUND', `host ledger not found at ${hostDbPath}`) };
    return { ok: true, value: { home, hostDbPath, runDir: env.CAPSEM_RUN_DIR ? resolve(env.CAPSEM_RUN_DIR) : join(home, 'run') } };
  }
  const path = resolve(given);
  switch (kindOf(path)) {
    case 'file':
      return { ok: true, value: fromHostDb(path) };
    case 'dir': {
      for (const candidate of [join(path, 'sessions', 'host.db'), join(path, 'host.db')]) {
        if (kindOf(candidate) === 'file') return { ok: true, value: fromHostDb(candidate) };
      }
      return {
        ok: false,
        error: fail('NOT_FOUND', `host ledger not found: neither ${join(path, 'sessions', 'host.db')} nor ${join(path, 'host.db')} exists`),
      };
    }
    case 'other':
      return { ok: false, error: fail('UNSAFE_PATH', `${path} is not a regular file or folder`) };
    case 'missing':
      return { ok: false, error: fail('NOT_FOUND', `host ledger not found at ${path}`) };
  }
}

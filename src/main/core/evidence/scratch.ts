/**
 * Private scratch folders: the only place SQLite ever opens a ledger. Each is made with mkdtemp (mode 0700) outside
 * the evidence folder, carries a marker file so any process can tell a scratch copy from evidence, and is removed on
 * dispose and, as a last resort, when the process exits.
 */
import { mkdtempSync, rmSync, writeFileSync, existsSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { InspectorError } from '../../../shared/errors.js';
import { isInside, realOrSelf } from '../path-inside.js';
import { markerText, removeAbandonedScratch } from './abandoned-scratch.js';

export const SCRATCH_PREFIX = 'capsem-inspect-';
export const SCRATCH_MARKER = '.capsem-inspect-scratch';

const live = new Set<string>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // 'exit' handlers must be synchronous; rmSync is. Signals are left to the host (Electron/CLI) to turn into exit.
  process.once('exit', () => {
    for (const dir of live) rmSync(dir, { recursive: true, force: true });
    live.clear();
  });
}

/** Makes a scratch folder under `root` (default os.tmpdir()); refuses a root inside the evidence folder. */
export function makeScratchDir(evidenceDir: string, root?: string): string {
  const base = realOrSelf(root ?? tmpdir());
  const evidence = realOrSelf(evidenceDir);
  if (isInside(base, evidence)) {
    throw new InspectorError(
      'BAD_REQUEST',
      `scratch folder root ${base} lies inside the evidence folder ${evidence}; nothing is ever written there`,
    );
  }
  const dir = mkdtempSync(join(base, SCRATCH_PREFIX));
  chmodSync(dir, 0o700);
  // The marker names this process, so a later start can tell a copy a killed process left (abandoned-scratch.ts).
  writeFileSync(join(dir, SCRATCH_MARKER), markerText('scratch copy'), { mode: 0o600, flag: 'wx' });
  live.add(dir);
  installExitHook();
  return dir;
}

export function removeScratchDir(dir: string): void {
  if (!live.delete(dir)) return;
  rmSync(dir, { recursive: true, force: true });
}

/** True when `path` sits directly in a scratch folder we (or a sibling process) made. */
export function isScratchPath(path: string): boolean {
  const dir = dirname(resolve(path));
  return existsSync(join(dir, SCRATCH_MARKER));
}

/** At start: scratch copies under `root` (default os.tmpdir()) whose process is gone are removed. */
export function removeAbandonedScratchDirs(root?: string): string[] {
  return removeAbandonedScratch([{ prefix: SCRATCH_PREFIX, marker: SCRATCH_MARKER }], root);
}

/** Scratch folders not yet disposed (for tests and diagnostics). */
export function liveScratchDirs(): readonly string[] {
  return [...live];
}

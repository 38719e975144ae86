/**
 * Scratch copies a killed process left behind (SIGKILL, a crash, a power cut skip the exit hook that removes them):
 * removed at the next start. Only folders that carry our own marker naming the process that made them, whose
 * process is gone, are touched; anything else in the temp folder is never opened, let alone removed.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The first line of a marker names its process: `pid <n>`. */
export function markerText(kind: string): string {
  return `pid ${process.pid}\n${kind} made by capsem-inspect; safe to delete once that process has ended\n`;
}

function pidOf(markerPath: string): number | null {
  let text: string;
  try {
    text = readFileSync(markerPath, 'utf8');
  } catch {
    return null;
  }
  const m = /^pid (\d+)\n/.exec(text);
  const pid = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: it exists under another user. Only "no such process" means gone.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Removes `root`'s folders named `prefix…` whose `marker` names a process that is gone; returns what it removed. */
export function removeAbandonedScratch(
  markers: readonly { readonly prefix: string; readonly marker: string }[],
  root = tmpdir(),
): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return removed;
  }
  for (const name of names) {
    const kind = markers.find((m) => name.startsWith(m.prefix));
    if (!kind) continue;
    const dir = join(root, name);
    const pid = pidOf(join(dir, kind.marker));
    if (pid === null || pid === process.pid || !processGone(pid)) continue;
    rmSync(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  return removed;
}

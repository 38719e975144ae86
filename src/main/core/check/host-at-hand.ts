/**
 * The host ledger a check reads beside its sessions, so completeness can compare each session with the host's final
 * counters. `check --all` has one when it is given a Capsem home, its sessions folder or a host.db; a single `check`
 * when the session folder sits where Capsem keeps sessions (<home>/run/sessions/<id> or <home>/run/persistent/<id>)
 * and <home>/sessions/host.db exists. The host ledger is opened as `list` opens it: a snapshot, read-only.
 */
import { lstatSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { classifyPaths } from '../evidence/classify.js';
import type { Evidence } from '../evidence/types.js';
import { locateHostLedger } from '../host/capsem-home.js';
import type { GoneSession } from '../host/gone-sessions.js';
import { goneSessions } from '../host/gone-sessions.js';
import { openHostLedger } from '../host/open-host-ledger.js';
import type { HostStop } from '../completeness/host-stop.js';
import { hostStopOf } from '../completeness/host-stop.js';

export interface HostAtHand {
  readonly hostDbPath: string;
  /** Where --all looks for session folders: the home given, or the run folder beside a host.db. */
  readonly walkRoot: string;
  readonly stopFor: (dir: string) => HostStop;
  /** Sessions the host ledger lists whose ledger is no longer on disk (none when the ledger cannot be read). */
  readonly gone: readonly GoneSession[];
}

/** For `check --all <path>`: the host ledger `path` names, or null when it names none (a plain folder). */
export async function hostForAll(path: string, scratchRoot?: string): Promise<HostAtHand | null> {
  const classified = await classifyPaths([path]);
  if (!classified.ok) return null;
  const input = classified.value;
  if (input.kind === 'session' || (input.kind === 'capsem-home' && input.hostDbPath === null)) return null;
  const where = locateHostLedger(path, {});
  if (!where.ok) return null;
  // A home is walked whole, as before; a host.db (or its folder) stands for the run folder of its home.
  const walkRoot = input.kind === 'capsem-home' ? resolve(path) : where.value.runDir;
  return opened(where.value.hostDbPath, where.value.runDir, walkRoot, scratchRoot);
}

/** For `check <session>`: what the host ledger of the home the session sits in says of it, or null without one. */
export async function hostStopForSession(path: string, scratchRoot?: string): Promise<HostStop | null> {
  const classified = await classifyPaths([path]);
  if (!classified.ok || classified.value.kind !== 'session') return null;
  const dir = resolve(classified.value.dir);
  const kept = dirname(dir);
  const runDir = dirname(kept);
  if (!['sessions', 'persistent'].includes(basename(kept)) || basename(runDir) !== 'run') return null;
  const hostDbPath = join(dirname(runDir), 'sessions', 'host.db');
  if (!isFile(hostDbPath)) return null;
  return (await hostOfHome(hostDbPath, runDir, scratchRoot)).stopFor(dir);
}

/**
 * The host ledger of a home, read once while host.db and its -wal stay as they were: a library that opens a hundred
 * sessions of one home copies and reads its host ledger once, not a hundred times. A host.db that changed (a live
 * home) is read again, so no session is compared with a stale stop.
 */
const homes = new Map<string, { readonly fingerprint: string; readonly host: Promise<HostAtHand> }>();
const HOMES_KEPT = 8;

export function hostOfHome(hostDbPath: string, runDir: string, scratchRoot?: string): Promise<HostAtHand> {
  const key = `${hostDbPath}\0${runDir}`;
  const fingerprint = ['', '-wal'].map((suffix) => fileStamp(hostDbPath + suffix)).join('|');
  const kept = homes.get(key);
  if (kept && kept.fingerprint === fingerprint) return kept.host;
  const host = opened(hostDbPath, runDir, runDir, scratchRoot);
  homes.delete(key);
  const entry = { fingerprint, host };
  homes.set(key, entry);
  // A read that threw (a scratch folder gone) is not kept: the next session tries again.
  host.catch(() => homes.get(key) === entry && homes.delete(key));
  // Oldest first in a Map's order: the homes of a long-running app stay few.
  while (homes.size > HOMES_KEPT) homes.delete(homes.keys().next().value!);
  return host;
}

/**
 * hostStopForSession for an opened evidence, read once per evidence however many reports and exports ask: the
 * app's integrity report, its transcript downloads and saves, and the CLI's transcript head all say the same.
 */
const stopsOfEvidence = new WeakMap<Evidence, Promise<HostStop | null>>();

export function hostStopOfEvidence(evidence: Evidence, scratchRoot?: string): Promise<HostStop | null> {
  let stop = stopsOfEvidence.get(evidence);
  if (!stop) stopsOfEvidence.set(evidence, (stop = hostStopForSession(evidence.input.dir, scratchRoot)));
  return stop;
}

async function opened(hostDbPath: string, runDir: string, walkRoot: string, scratchRoot?: string): Promise<HostAtHand> {
  const ledger = await openHostLedger(hostDbPath, { runDir, ...(scratchRoot ? { scratchRoot } : {}) });
  // A host ledger that cannot be read is named in each session's section, not a reason to stop checking sessions.
  const stopFor = ledger.ok
    ? (dir: string) => hostStopOf(ledger.value, dir)
    : (): HostStop => ({ hostDb: hostDbPath, state: 'unreadable', reason: `${ledger.error.code}: ${ledger.error.message}` });
  return { hostDbPath, walkRoot, stopFor, gone: ledger.ok ? goneSessions(ledger.value) : [] };
}

function fileStamp(path: string): string {
  try {
    const st = lstatSync(path);
    return `${st.size}:${st.mtimeMs}:${st.ino}`;
  } catch {
    return 'none';
  }
}

function isFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

// Which sessions a hunt visits. A Capsem home or a host.db: the sessions its host ledger lists (newest first, as
// `list` shows them), after the ledger's chain is verified; a session whose folder is gone is listed as missing,
// which is a fact about the machine, not an error. Any other folder: every session folder beneath it (check --all's
// walk: bounded depth, symlinks never followed), by path.
import { basename, resolve } from 'node:path';
import type { Result } from '../../../shared/errors.js';
import { fail } from '../../../shared/errors.js';
import { findSessions } from '../check/find-sessions.js';
import { classifyPaths } from '../evidence/classify.js';
import { locateHostLedger } from '../host/capsem-home.js';
import { goneReason } from '../host/gone-sessions.js';
import type { HostLedger } from '../host/open-host-ledger.js';
import { openHostLedger } from '../host/open-host-ledger.js';

export type HuntTarget =
  /** `startMs` / `stopMs`: when the host ledger saw it created and stopped (null when unknown, or for a folder walk). */
  | {
      readonly kind: 'session';
      readonly id: string;
      readonly dir: string;
      readonly startMs?: number | null;
      readonly stopMs?: number | null;
    }
  | { readonly kind: 'missing'; readonly id: string; readonly reason: string };

export type HuntSource =
  | { readonly kind: 'folder'; readonly root: string; readonly targets: readonly HuntTarget[] }
  | { readonly kind: 'host'; readonly ledger: HostLedger; readonly targets: readonly HuntTarget[] };

export async function huntTargets(path: string, env: Readonly<Record<string, string | undefined>>): Promise<Result<HuntSource>> {
  const classified = await classifyPaths([path]);
  const kind = classified.ok ? classified.value.kind : null;
  if (!classified.ok && classified.error.code !== 'NOT_A_LEDGER') return classified;
  if (classified.ok && classified.value.kind === 'session') {
    // A session folder (or its session.db) is a hunt over that one session.
    const dir = classified.value.dir;
    return { ok: true, value: { kind: 'folder', root: dir, targets: [{ kind: 'session', id: basename(dir), dir }] } };
  }
  if (kind === 'host' || (classified.ok && classified.value.kind === 'capsem-home' && classified.value.hostDbPath)) {
    return fromHostLedger(path, env);
  }
  // A plain folder, or a Capsem home without a host ledger: walk it.
  const targets = findSessions(resolve(path)).map((dir): HuntTarget => ({ kind: 'session', id: basename(dir), dir }));
  return { ok: true, value: { kind: 'folder', root: resolve(path), targets } };
}

async function fromHostLedger(path: string, env: Readonly<Record<string, string | undefined>>): Promise<Result<HuntSource>> {
  const where = locateHostLedger(path, env);
  if (!where.ok) return where;
  const opened = await openHostLedger(where.value.hostDbPath, { runDir: where.value.runDir });
  if (!opened.ok) return { ok: false, error: fail(opened.error.code, `cannot open the host ledger: ${opened.error.message}`) };
  const ledger = opened.value;
  return { ok: true, value: { kind: 'host', ledger, targets: ledgerTargets(ledger) } };
}

/** The sessions an opened host ledger lists, each on disk or missing (the app's hunt starts from an open library). */
export function ledgerTargets(ledger: HostLedger): HuntTarget[] {
  return ledger.sessions.map((s): HuntTarget => {
    if (s.location?.hasSessionDb) return { kind: 'session', id: s.id, dir: s.location.dir, startMs: s.createdMs, stopMs: s.stoppedMs };
    return { kind: 'missing', id: s.id, reason: goneReason(s.location, ledger.runDir) };
  });
}

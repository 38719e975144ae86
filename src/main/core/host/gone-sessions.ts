// The sessions a host ledger lists whose ledger is no longer on disk. That is a fact about the machine (deleted,
// moved, never written), not a damaged session: `hunt` and `check --all` name each with why, and go on.
import type { HostLedger } from './open-host-ledger.js';
import type { SessionLocation } from './types.js';

export interface GoneSession {
  readonly id: string;
  readonly reason: string;
}

/** Why a session found without a session.db (`location` null: without its folder) cannot be opened. */
export function goneReason(location: SessionLocation | null, runDir: string): string {
  return location
    ? `${location.dir} holds no session.db`
    : `its ledger folder is gone (neither sessions/ nor persistent/ under ${runDir} holds it)`;
}

export function goneSessions(ledger: HostLedger): GoneSession[] {
  return ledger.sessions.filter((s) => !s.location?.hasSessionDb).map((s) => ({ id: s.id, reason: goneReason(s.location, ledger.runDir) }));
}

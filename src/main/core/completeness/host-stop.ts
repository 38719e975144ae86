/**
 * What a host ledger at hand says of one session's stop, for the completeness section: its final counters (the
 * session_stopped detail, docs/formats/host-ledger.md#hostsessiondetail), or why they are unknown. Matched by the
 * folder the host ledger says the session lives in, not by a folder name alone, so a copy elsewhere that happens to
 * share an id is never compared against another session's counters.
 */
import { resolve } from 'node:path';
import type { HostLedger } from '../host/open-host-ledger.js';
import type { LedgerCounters } from '../host/types.js';

interface Named {
  /** The host.db the facts come from, named in what the section says. */
  readonly hostDb: string;
}

export type HostStop =
  | (Named & {
      readonly state: 'stopped';
      readonly eventId: number;
      readonly counters: LedgerCounters;
      /** A broken chain means the counters may have been edited since they were written. */
      readonly chainIntact: boolean;
    })
  | (Named & { readonly state: 'stopped-without-counters'; readonly eventId: number })
  | (Named & { readonly state: 'not-stopped' })
  | (Named & { readonly state: 'not-listed' })
  | (Named & { readonly state: 'unreadable'; readonly reason: string });

/** The host ledger's word on the session in `dir`. */
export function hostStopOf(ledger: HostLedger, dir: string): HostStop {
  const hostDb = ledger.hostDbPath;
  const here = resolve(dir);
  const s = ledger.sessions.find((x) => x.location !== null && resolve(x.location.dir) === here);
  if (!s) return { hostDb, state: 'not-listed' };
  if (s.stoppedEventId === null) return { hostDb, state: 'not-stopped' };
  if (s.counters === null) return { hostDb, state: 'stopped-without-counters', eventId: s.stoppedEventId };
  return { hostDb, state: 'stopped', eventId: s.stoppedEventId, counters: s.counters, chainIntact: ledger.chain.intact };
}

/**
 * STOPPED_COUNTERS_DISAGREE: the host's final counters for a session (its session_stopped detail, read from the
 * session's ledger when it stopped) against the rows the session's ledger holds now, and against the ledger's own
 * snapshot (ledger_counters), counted as COUNTERS_DISAGREE counts. Its own kind because the source is not the
 * session's files: the host ledger is a separate, hash-chained file, so a tail cut off after the stop (and a snapshot
 * rewritten to match) still shows here when the session's own snapshot agrees with its rows.
 */
import type Database from 'better-sqlite3';
import { ledgerCounters } from '../library/ledger-facts.js';
import type { CounterDiff } from './counter-gaps.js';
import { diffSize, rowsDisagreeing, snapshotsDisagreeing } from './counter-gaps.js';
import type { HostStop } from './host-stop.js';
import type { Gap } from './types.js';

/** Said when no host ledger is at hand: the comparison needs one. */
export const NO_HOST_LEDGER = "the host ledger's final counters (session_stopped): a session's check reads the session alone";

export function stoppedCounterGap(db: Database.Database, stop: HostStop | null, notChecked: string[]): Gap | null {
  if (stop === null) {
    notChecked.push(NO_HOST_LEDGER);
    return null;
  }
  switch (stop.state) {
    case 'unreadable':
      notChecked.push(`the host ledger's final counters: ${stop.hostDb} could not be read (${stop.reason})`);
      return null;
    case 'not-listed':
      notChecked.push(`the host ledger's final counters: ${stop.hostDb} lists no session in this folder`);
      return null;
    case 'not-stopped':
      notChecked.push(`no session_stopped: the final counters are unknown (${stop.hostDb} lists the session as created, never stopped)`);
      return null;
    case 'stopped-without-counters':
      notChecked.push(
        `the session_stopped at host.db event ${stop.eventId} carries no counters (the host could not read the ledger when it stopped): the final counters are unknown`,
      );
      return null;
    case 'stopped':
      return disagreement(db, stop, notChecked);
  }
}

function disagreement(db: Database.Database, stop: Extract<HostStop, { state: 'stopped' }>, notChecked: string[]): Gap | null {
  const rows = rowsDisagreeing(db, stop.counters);
  const notes: string[] = [];
  const snapshot = ledgerCounters(db, notes);
  // Without a snapshot (A2, A3) the rows are still compared; what was not is said once.
  if (!snapshot) notChecked.push("the host's final counters against the ledger's own snapshot: the ledger keeps none that could be read");
  const snap = snapshot ? snapshotsDisagreeing(stop.counters, snapshot) : [];
  if (rows.length === 0 && snap.length === 0) return null;
  const places = [
    ...rows.map((d) => ({ place: `${d.table} (host ${d.counter} ${d.counted} · rows ${d.other})`, rows: diffSize(d), bytesMissing: null })),
    ...snap.map((d) => ({
      place: `ledger_counters (host ${d.counter} ${d.counted} · snapshot ${d.other})`,
      rows: diffSize(d),
      bytesMissing: null,
    })),
  ];
  const parts = [
    ...phrase(
      rows.filter((d) => d.counted > d.other),
      (t) =>
        `the host counted ${t} than the ledger holds (recorded before the stop, not here now: a tail cut off after the stop, or a -wal not copied)`,
    ),
    ...phrase(
      rows.filter((d) => d.counted < d.other),
      (t) => `the ledger holds ${t} than the host counted at the stop (rows written after it)`,
    ),
    ...(snap.length > 0
      ? [
          `the ledger's own snapshot says other than the host's (${snap.map((d) => `${d.counter} ${d.counted} at the stop, ${d.other} in the snapshot`).join(', ')}): rewritten, or written after the stop`,
        ]
      : []),
  ];
  const chain = stop.chainIntact ? '' : "; the host ledger's chain is broken, so these counters are not proven as the host wrote them";
  return {
    kind: 'STOPPED_COUNTERS_DISAGREE',
    // Rows the ledger lacks (or holds beyond the stop); the snapshot's differences only when the rows agree, so a cut
    // whose snapshot was rewritten to match is not counted twice.
    rows: sum(rows) > 0 ? sum(rows) : sum(snap),
    bytesMissing: null,
    places,
    examples: [`host.db event ${stop.eventId}`],
    says: `the host's final counters (session_stopped, host.db event ${stop.eventId}) disagree with the session: ${parts.join('; ')}${chain}`,
  };
}

const sum = (diffs: readonly CounterDiff[]): number => diffs.reduce((n, d) => n + diffSize(d), 0);

/** "3 more net_events rows and 1 more exec_events row" inside `say`, or nothing when no counter went that way. */
function phrase(diffs: readonly CounterDiff[], say: (text: string) => string): string[] {
  if (diffs.length === 0) return [];
  return [say(diffs.map((d) => `${diffSize(d)} more ${d.table} ${diffSize(d) === 1 ? 'row' : 'rows'}`).join(' and '))];
}

/**
 * Opening a host ledger the safe way (same as a session ledger): snapshot host.db and its sidecars into a
 * scratch copy, open that copy hardened and read-only, read both host tables, then let the copy go.
 * Everything the library shows is computed here into plain data.
 */
import type { FileHashes } from '../../../shared/ledger-types.js';
import type { Result } from '../../../shared/errors.js';
import { toFailure } from '../../../shared/errors.js';
import { snapshotSqlite } from '../evidence/snapshot.js';
import { openHardened, requireQuickCheck, sqliteFailure } from '../evidence/open-hardened.js';
import type { ChainAnchor, ChainReport, HostEvent, PolicyMutationReport, ServiceEvent, SessionRecord } from './types.js';
import { readHostEventRows, readPolicyMutations } from './read-host-tables.js';
import { verifyChain } from './verify-chain.js';
import { buildSessions, decodeHostEvents, serviceTimeline } from './host-events.js';
import { checkSettingsChain } from './settings-chain.js';

export interface HostLedger {
  readonly hostDbPath: string;
  readonly runDir: string;
  /** Hashes of host.db and sidecars as read for the snapshot. */
  readonly sources: readonly FileHashes[];
  readonly chain: ChainReport;
  readonly events: readonly HostEvent[];
  /** Newest first. */
  readonly sessions: readonly SessionRecord[];
  readonly service: readonly ServiceEvent[];
  readonly policy: PolicyMutationReport;
  /** Observations that are not chain breaks: undecodable details, odd fields, stops of unknown sessions. */
  readonly notes: readonly string[];
}

export interface OpenHostLedgerOptions {
  readonly runDir: string;
  readonly anchor?: ChainAnchor | null;
  readonly scratchRoot?: string;
}

export async function openHostLedger(hostDbPath: string, opts: OpenHostLedgerOptions): Promise<Result<HostLedger>> {
  const snap = await snapshotSqlite(hostDbPath, opts.scratchRoot ? { scratchRoot: opts.scratchRoot } : {});
  if (!snap.ok) return snap;
  const snapshot = snap.value;
  try {
    let db;
    try {
      db = openHardened(snapshot.dbCopyPath);
    } catch (error) {
      return { ok: false, error: toFailure(sqliteFailure(hostDbPath, error)) };
    }
    try {
      // Page damage first, as the session opener does: a damaged host.db is refused by name, not half read.
      requireQuickCheck(db, hostDbPath);
      // One read transaction, so both tables come from the same state of the copy.
      const read = db.transaction(() => ({ rows: readHostEventRows(db, hostDbPath), policy: readPolicyMutations(db) }));
      const { rows, policy } = read();
      if (!rows.ok) return rows;
      const notes: string[] = [];
      const events = decodeHostEvents(rows.value, notes);
      const policyRows = policy ?? [];
      return {
        ok: true,
        value: {
          hostDbPath,
          runDir: opts.runDir,
          sources: snapshot.sources,
          chain: await verifyChain(rows.value, opts.anchor ?? null),
          events,
          sessions: buildSessions(events, opts.runDir, notes),
          service: serviceTimeline(events),
          policy: { present: policy !== null, rows: policyRows, settingsChainBreaks: checkSettingsChain(policyRows) },
          notes,
        },
      };
    } catch (error) {
      return { ok: false, error: toFailure(sqliteFailure(hostDbPath, error)) };
    } finally {
      db.close();
    }
  } finally {
    snapshot.dispose();
  }
}

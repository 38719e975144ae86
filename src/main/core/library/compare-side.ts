/**
 * One side of a comparison, gathered from what is known about it: an opened session ledger, or a session of an
 * open library (its final counters from the host ledger, and its own ledger when that is still on disk, opened
 * on demand by id). Every section is either known (a keyed list) or unknown with a sentence saying why.
 */
import type { CompareRef, CompareSideInfo } from '../../../shared/contract/library.js';
import type { Evidence } from '../evidence/types.js';
import type { LedgerCounters } from '../host/types.js';
import { modelUsage } from '../overview/overview.js';
import type { EvidenceOpenings } from '../evidence/lookup.js';
import { flattenCounters, modelsFromCounters, modelsFromRows, toolsFromCounters } from './counter-facts.js';
import type { Keyed } from './ledger-facts.js';
import { domainsFromTables, hasModelTable, ledgerCounters, tableRowCounts, toolsFromTables } from './ledger-facts.js';
import type { LibraryStore } from './library-store.js';
import { openLibrarySession } from './open-library-session.js';
import { copyWhere } from '../evidence/copy-where.js';

export type Known = { readonly known: true; readonly keyed: Keyed } | { readonly known: false; readonly why: string };

export interface SideFacts {
  readonly info: CompareSideInfo;
  readonly counters: Known;
  readonly tables: Known;
  readonly models: Known;
  readonly tools: Known;
  readonly domains: Known;
}

const known = (values: Map<string, string>, truncated = false): Known => ({ known: true, keyed: { values, truncated } });
const unknown = (why: string): Known => ({ known: false, why });
const orUnknown = (k: Keyed | null, why: string): Known => (k ? { known: true, keyed: k } : unknown(why));

function facts(e: Evidence | null, counters: LedgerCounters | null, noLedger: string): Omit<SideFacts, 'info'> {
  const noCounters = e
    ? 'this ledger keeps no counters snapshot (ledger_counters is an A4 table)'
    : 'no final counters were recorded for this session';
  return {
    counters: counters ? known(flattenCounters(counters)) : unknown(noCounters),
    tables: e ? known(tableRowCounts(e).values) : unknown(noLedger),
    models: counters
      ? known(modelsFromCounters(counters))
      : e && hasModelTable(e.db)
        ? known(modelsFromRows(modelUsage(e.db)))
        : unknown(e ? 'this ledger has no model_calls table' : noLedger),
    tools: counters
      ? known(toolsFromCounters(counters))
      : e
        ? orUnknown(toolsFromTables(e.db), 'this ledger has no tool_calls table')
        : unknown(noLedger),
    domains: e ? orUnknown(domainsFromTables(e.db), 'this ledger has no net_events.domain column') : unknown(noLedger),
  };
}

/** Which copy was read: the folder's last two names (its parent tells two copies apart), and both files' hashes. */
function copyOf(e: Evidence | null, registry: EvidenceOpenings): CompareSideInfo['copy'] {
  if (!e) return null;
  const where = copyWhere(e.input.dir, registry.summary?.(e.id).origin ?? 'path');
  return { where, dbSha256: e.hashes.db?.sha256 ?? null, archiveSha256: e.hashes.archive?.sha256 ?? null };
}

export async function gatherSide(ref: CompareRef, registry: EvidenceOpenings, store: LibraryStore): Promise<SideFacts> {
  if (ref.kind === 'evidence') {
    const e = registry.get(ref.evidenceId);
    const notes: string[] = [];
    const counters = ledgerCounters(e.db, notes);
    const info: CompareSideInfo = {
      ref,
      sessionId: e.sessionId,
      evidenceId: e.id,
      countersFrom: counters ? 'session-ledger' : null,
      status: null,
      createdMs: null,
      stoppedMs: null,
      notes,
      copy: copyOf(e, registry),
    };
    return { info, ...facts(e, counters, '') };
  }
  const rec = store.session(ref.libraryId, ref.sessionId);
  const notes: string[] = [];
  let e: Evidence | null = null;
  let noLedger = "its session ledger is no longer on disk (only the host ledger's counters are known)";
  if (rec.location?.hasSessionDb) {
    const opened = await openLibrarySession(store, registry, ref.libraryId, ref.sessionId);
    if (opened.ok) e = registry.get(opened.value.id);
    else {
      noLedger = `its session ledger could not be opened (${opened.error.code}: ${opened.error.message})`;
      notes.push(noLedger);
    }
  } else notes.push(noLedger);
  // The host ledger's stop event holds the final snapshot; a ledger's own snapshot stands in when it is missing.
  const own = rec.counters ? null : e ? ledgerCounters(e.db, notes) : null;
  const counters = rec.counters ?? own;
  if (!rec.counters)
    notes.push(
      own
        ? "the host ledger recorded no final counters; the session ledger's own snapshot is shown"
        : 'no final counters were recorded for this session',
    );
  const info: CompareSideInfo = {
    ref,
    sessionId: rec.id,
    evidenceId: e?.id ?? null,
    countersFrom: rec.counters ? 'host-ledger' : own ? 'session-ledger' : null,
    status: rec.status,
    createdMs: rec.createdMs,
    stoppedMs: rec.stoppedMs,
    notes,
    copy: copyOf(e, registry),
  };
  return { info, ...facts(e, counters, noLedger) };
}

/**
 * A host ledger as the Library view draws it: plain JSON data, every 64-bit counter as exact decimal text.
 * Pure: no file is read here (openHostLedger already did that).
 */
import type { LibraryChain, LibraryPolicy, LibrarySession, LibrarySummary, LibraryView } from '../../../shared/contract/library.js';
import type { HostLedger } from '../host/open-host-ledger.js';
import type { ChainReport, Count, PolicyMutationReport, SessionRecord } from '../host/types.js';
import { summarizeSession } from '../host/session-summary.js';
import { countText } from '../host/count.js';

const dec = (v: Count | null): string | null => (v === null ? null : countText(v));

export function chainView(c: ChainReport): LibraryChain {
  return {
    events: c.events,
    intact: c.intact,
    breaks: c.breaks.map((b) => ({ index: b.index, id: b.id, kind: b.kind, message: b.message })),
    intactPrefix: c.intactPrefix,
    head: c.head,
    tail: c.tail,
    anchorFindings: c.anchorFindings.map((f) => f.message),
    summary: c.summary,
  };
}

export function sessionView(s: SessionRecord): LibrarySession {
  const sum = summarizeSession(s);
  return {
    id: s.id,
    status: s.status,
    createdMs: s.createdMs,
    stoppedMs: s.stoppedMs,
    durationMs: sum.durationMs,
    persistent: s.created?.persistent ?? false,
    forkedFrom: s.created?.forkedFrom ?? null,
    onDisk: s.location?.where ?? null,
    canOpen: sum.sessionDbOnDisk,
    hasCounters: sum.hasCounters,
    costUsd: sum.costUsd,
    costMicroUsd: s.counters ? countText(s.counters.model.total.costMicroUsd) : null,
    modelCalls: dec(sum.modelCalls),
    netEvents: dec(sum.netEvents),
    tokensIn: dec(sum.tokensIn),
    tokensOut: dec(sum.tokensOut),
    toolCalls: dec(sum.toolCalls),
    fileEvents: dec(sum.fileEvents),
  };
}

export function policyView(p: PolicyMutationReport): LibraryPolicy {
  return {
    present: p.present,
    mutations: p.rows.length,
    applied: p.rows.filter((r) => r.status === 'applied').length,
    failed: p.rows.filter((r) => r.status === 'failed').length,
    settingsChainBreaks: p.settingsChainBreaks.map((b) => b.message),
  };
}

export function libraryView(summary: LibrarySummary, ledger: HostLedger): LibraryView {
  return {
    library: summary,
    chain: chainView(ledger.chain),
    sessions: ledger.sessions.map(sessionView),
    service: ledger.service.map((e) => ({ kind: e.kind, index: e.index, timestampUnixMs: e.timestampUnixMs })),
    policy: policyView(ledger.policy),
    notes: ledger.notes,
  };
}

/**
 * The `library.*` channels: the host ledger's session library (chain status, sessions, service timeline) and the
 * side-by-side comparison of two sessions. Counters are 64-bit: they travel as exact decimal text, never as a float.
 * The renderer names a library session by (libraryId, sessionId); the server alone maps that to a folder.
 */
import type { EvidenceSummary } from './types.js';
import type { Guard } from './guards.js';
import { literalNull, obj, str } from './guards.js';

/** An exact unsigned counter as decimal text ("18446744073709551615" stays exact). */
export type Decimal = string;

export interface LibrarySummary {
  /** Opaque; stable for the same host.db path across restarts, so a link keeps working. */
  readonly id: string;
  /** Display only: where the host ledger was read from. */
  readonly label: string;
  readonly openedAt: string;
  readonly sessions: number;
  readonly chainIntact: boolean;
}

export interface LibraryChainBreak {
  readonly index: number;
  readonly id: number;
  readonly kind: 'link' | 'hash';
  readonly message: string;
}

export interface LibraryChain {
  readonly events: number;
  readonly intact: boolean;
  readonly breaks: readonly LibraryChainBreak[];
  readonly intactPrefix: number;
  readonly head: string | null;
  readonly tail: 'unverifiable' | 'anchored';
  readonly anchorFindings: readonly string[];
  /** The one sentence a user reads first. */
  readonly summary: string;
}

export interface LibrarySession {
  readonly id: string;
  /** `running` means no stop was recorded, not that it runs now. */
  readonly status: string;
  readonly createdMs: number | null;
  readonly stoppedMs: number | null;
  readonly durationMs: number | null;
  readonly persistent: boolean;
  readonly forkedFrom: string | null;
  /** Where the session folder still is (run/sessions or run/persistent), or null. */
  readonly onDisk: 'sessions' | 'persistent' | null;
  /** True when its session.db is there: it can be opened. */
  readonly canOpen: boolean;
  readonly hasCounters: boolean;
  readonly costUsd: number | null;
  readonly costMicroUsd: Decimal | null;
  readonly modelCalls: Decimal | null;
  readonly netEvents: Decimal | null;
  readonly tokensIn: Decimal | null;
  readonly tokensOut: Decimal | null;
  readonly toolCalls: Decimal | null;
  readonly fileEvents: Decimal | null;
}

export interface LibraryServiceEvent {
  readonly kind: 'service_started' | 'service_stopped';
  readonly index: number;
  readonly timestampUnixMs: number | null;
}

export interface LibraryPolicy {
  readonly present: boolean;
  readonly mutations: number;
  readonly applied: number;
  readonly failed: number;
  readonly settingsChainBreaks: readonly string[];
}

export interface LibraryView {
  readonly library: LibrarySummary;
  readonly chain: LibraryChain;
  /** Newest first. */
  readonly sessions: readonly LibrarySession[];
  readonly service: readonly LibraryServiceEvent[];
  readonly policy: LibraryPolicy;
  readonly notes: readonly string[];
}

/** One side of a comparison: an opened ledger, or a session of an open library. */
export type CompareRef =
  | { readonly kind: 'evidence'; readonly evidenceId: string }
  | { readonly kind: 'library'; readonly libraryId: string; readonly sessionId: string };

export interface CompareSideInfo {
  readonly ref: CompareRef;
  readonly sessionId: string;
  /** The ledger this side was read from (opened on demand for a library session still on disk), or null. */
  readonly evidenceId: string | null;
  /** Where the counters come from. */
  readonly countersFrom: 'host-ledger' | 'session-ledger' | null;
  readonly status: string | null;
  readonly createdMs: number | null;
  readonly stoppedMs: number | null;
  /** Why something is missing on this side (no counters, ledger not on disk, could not be opened…). */
  readonly notes: readonly string[];
  /**
   * Which copy this side read, so two copies of one session can be told apart: the end of the folder holding
   * session.db (`…/suspect/20260302-…`, or "dropped files", "the bundled sample"), and the SHA-256 of session.db and
   * of the archive (null while not yet proven, or absent). Null when no ledger was read for this side.
   */
  readonly copy: { readonly where: string; readonly dbSha256: string | null; readonly archiveSha256: string | null } | null;
}

/** One compared quantity; a null side means "not known on that side", which is not the same as zero. */
export interface CompareRow {
  readonly key: string;
  readonly a: string | null;
  readonly b: string | null;
  readonly differs: boolean;
}

export const COMPARE_SECTIONS = ['counters', 'tables', 'models', 'tools', 'domains'] as const;
export type CompareSectionId = (typeof COMPARE_SECTIONS)[number];

export interface CompareSection {
  readonly id: CompareSectionId;
  readonly title: string;
  readonly rows: readonly CompareRow[];
  /** Per side: null when known, else a sentence saying why this section is unknown there. */
  readonly unknownA: string | null;
  readonly unknownB: string | null;
  /** True when a side had more keys than are shown. */
  readonly truncated: boolean;
}

export interface CompareView {
  readonly a: CompareSideInfo;
  readonly b: CompareSideInfo;
  readonly sections: readonly CompareSection[];
}

export interface LibraryArg {
  readonly libraryId: string;
}
export interface LibrarySessionArg {
  readonly libraryId: string;
  readonly sessionId: string;
}
export interface CompareArg {
  readonly a: CompareRef;
  readonly b: CompareRef;
}

export interface LibraryChannels {
  /** Host ledgers opened in this process (a Capsem home or host.db given on the command line). */
  'library.list': { arg: null; result: readonly LibrarySummary[] };
  'library.view': { arg: LibraryArg; result: LibraryView };
  /** Open a session still on disk, named by id; the server maps it to its folder. */
  'library.openSession': { arg: LibrarySessionArg; result: EvidenceSummary };
  'library.compare': { arg: CompareArg; result: CompareView };
}

const ID = str({ max: 128, min: 1, pattern: /^[A-Za-z0-9_-]+$/ });
/** A session id from the host ledger: only ever compared against recorded ids, never joined to a path. */
const SESSION_ID = str({ max: 255, min: 1, pattern: /^[^\0/\\]+$/ });

const compareRef: Guard<CompareRef> = (v, path) => {
  const kind = typeof v === 'object' && v !== null ? (v as { kind?: unknown }).kind : undefined;
  if (kind === 'evidence') return obj({ kind: str({ pattern: /^evidence$/ }), evidenceId: ID })(v, path) as ReturnType<Guard<CompareRef>>;
  if (kind === 'library')
    return obj({ kind: str({ pattern: /^library$/ }), libraryId: ID, sessionId: SESSION_ID })(v, path) as ReturnType<Guard<CompareRef>>;
  return { ok: false, message: `${path}.kind must be evidence or library` };
};

export const LIBRARY_ARG_GUARDS: { readonly [C in keyof LibraryChannels]: Guard<LibraryChannels[C]['arg']> } = {
  'library.list': literalNull(),
  'library.view': obj({ libraryId: ID }),
  'library.openSession': obj({ libraryId: ID, sessionId: SESSION_ID }),
  'library.compare': obj({ a: compareRef, b: compareRef }),
};

/** Compare-route text for a side: `e.<evidenceId>` or `l.<libraryId>.<sessionId>` (ids never hold a dot). */
export function compareRefText(r: CompareRef): string {
  return r.kind === 'evidence' ? `e.${r.evidenceId}` : `l.${r.libraryId}.${r.sessionId}`;
}

export function parseCompareRef(text: string | null): CompareRef | null {
  if (!text) return null;
  const m = /^e\.([A-Za-z0-9_-]+)$/.exec(text) ?? null;
  if (m) return { kind: 'evidence', evidenceId: m[1]! };
  const l = /^l\.([A-Za-z0-9_-]+)\.(.+)$/s.exec(text);
  return l ? { kind: 'library', libraryId: l[1]!, sessionId: l[2]! } : null;
}

/**
 * Lines two keyed value lists up (keys of `a` in order, then keys only `b` has). A null side is unknown there:
 * its cells are null and nothing is flagged. A key absent from a known side takes `missing` (e.g. '0' for
 * sparse counters, null for "none"); a row differs when both sides are known and the texts differ.
 */
export function alignRows(
  a: ReadonlyMap<string, string> | null,
  b: ReadonlyMap<string, string> | null,
  missing: string | null = null,
): CompareRow[] {
  const keys = [...(a?.keys() ?? [])];
  const seen = new Set(keys);
  for (const k of b?.keys() ?? []) if (!seen.has(k)) keys.push(k);
  return keys.map((key) => {
    const va = a ? (a.get(key) ?? missing) : null;
    const vb = b ? (b.get(key) ?? missing) : null;
    return { key, a: va, b: vb, differs: a !== null && b !== null && va !== vb };
  });
}

/**
 * Types of the host ledger (`~/.capsem/sessions/host.db`, docs/formats/host-ledger.md).
 * Everything here is plain data: JSON-friendly once BigInt values are turned into strings (see json.ts).
 */

/** The 15 event kinds of docs/formats/host-ledger.md#event-kinds. */
export const HOST_EVENT_KINDS = [
  'session_created',
  'session_started',
  'session_stopped',
  'session_restarted',
  'session_forked',
  'session_destroyed',
  'session_suspended',
  'session_resumed',
  'image_admitted',
  'image_denied',
  'grant_minted',
  'grant_revoked',
  'settings_changed',
  'service_started',
  'service_stopped',
] as const;
export type HostEventKind = (typeof HOST_EVENT_KINDS)[number];

/**
 * A 64-bit unsigned counter: a number when it is exactly representable (≤ 2^53 − 1), a bigint beyond.
 * Use count.ts helpers to add, compare or print them.
 */
export type Count = number | bigint;

/** One `host_events` row exactly as stored (bytes untouched, so the chain can be recomputed). */
export interface HostEventRow {
  readonly id: number;
  /** Signed 64-bit; bigint so the hash input is exact even for absurd values. Null when the stored value is not an integer. */
  readonly timestampUnixMs: bigint | null;
  /** Stored text, which may be outside HOST_EVENT_KINDS in a foreign or damaged ledger. */
  readonly kind: string | null;
  readonly sessionId: string | null;
  readonly actor: string | null;
  /** Raw detail bytes (a TEXT value is turned into its UTF-8 bytes); null when the column is NULL. */
  readonly detail: Uint8Array | null;
  readonly traceId: string | null;
  readonly prevHash: Uint8Array | null;
  readonly hash: Uint8Array | null;
}

/** A row where the chain fails. `link`: prev_hash ≠ previous row's hash. `hash`: hash ≠ recomputed hash. */
export interface ChainBreak {
  /** 0-based position in `id` order (the Python doctor's "event <index>"). */
  readonly index: number;
  readonly id: number;
  readonly kind: 'link' | 'hash';
  /** Hex of what the chain requires; null when it cannot be computed (a field has the wrong type). */
  readonly expected: string | null;
  /** Hex of what is stored (empty string for NULL). */
  readonly found: string;
  readonly message: string;
}

/** An outside anchor (a head hash or event count recorded elsewhere) that lets tail truncation be seen. */
export interface ChainAnchor {
  /** 64 hex chars, the `hash` of the last event when the anchor was taken. */
  readonly expectHead?: string;
  /** Number of events when the anchor was taken. */
  readonly expectCount?: number;
}

export interface AnchorFinding {
  readonly kind: 'head-mismatch' | 'count-mismatch';
  readonly expected: string;
  readonly found: string;
  readonly message: string;
}

export interface ChainReport {
  /** Events covered (rows read, in id order). */
  readonly events: number;
  /** True when no break and no anchor finding. */
  readonly intact: boolean;
  /** Every break, in index order. */
  readonly breaks: readonly ChainBreak[];
  /** Events before the first break (= events when there is none): "intact up to event N". */
  readonly intactPrefix: number;
  /** Hex of the last stored hash; null for an empty ledger. */
  readonly head: string | null;
  readonly anchor: ChainAnchor | null;
  readonly anchorFindings: readonly AnchorFinding[];
  /** `unverifiable`: no anchor given, so a missing tail cannot be shown; `anchored`: checked against one. */
  readonly tail: 'unverifiable' | 'anchored';
  /** One plain sentence a user reads first. */
  readonly summary: string;
}

// ---- detail (docs/formats/host-ledger.md#detail-encodings) ----

export interface ModelUsage {
  readonly calls: Count;
  readonly inputTokens: Count;
  readonly outputTokens: Count;
  readonly durationMs: Count;
  readonly costMicroUsd: Count;
}

export interface ToolUsage {
  readonly calls: Count;
  readonly durationMs: Count;
  readonly bytesSent: Count;
  readonly bytesReceived: Count;
}

export interface ProcessUsage {
  readonly count: Count;
  readonly firstSeen: string;
  readonly lastSeen: string;
}

export interface RuleUsage {
  readonly count: Count;
  /** Kept as text: the upstream type was not pinned down (an integer is printed in decimal). */
  readonly latestEventId: string;
  readonly latestTimestampUnixMs: Count;
}

export interface PluginUsage {
  readonly executions: Count;
  readonly applied: Count;
  readonly skipped: Count;
  readonly totalDurationUs: Count;
  readonly maxDurationUs: Count;
  readonly detections: Count;
}

export interface CredentialUsage {
  readonly provider: string | null;
  readonly substitutions: Count;
  readonly injectedSubstitutions: Count;
  readonly observations: Count;
  readonly injections: Count;
  readonly lastSeenUnixMs: Count;
}

/** Records keyed by names from the ledger are null-prototype objects (no inherited keys). */
export type NameMap<T> = Readonly<Record<string, T>>;

export interface LedgerCounters {
  readonly net: {
    readonly total: Count;
    readonly allowed: Count;
    readonly denied: Count;
    readonly error: Count;
    readonly bytesSent: Count;
    readonly bytesReceived: Count;
  };
  readonly model: {
    readonly total: ModelUsage;
    readonly usageDetails: NameMap<Count>;
    readonly byModel: NameMap<NameMap<ModelUsage>>;
  };
  readonly tools: { readonly calls: Count; readonly byTool: NameMap<ToolUsage>; readonly mcp: NameMap<NameMap<ToolUsage>> };
  readonly files: { readonly events: Count; readonly byAction: NameMap<Count> };
  readonly exec: { readonly started: Count; readonly completed: Count };
  readonly audit: { readonly events: Count; readonly byExe: NameMap<ProcessUsage> };
  readonly security: {
    readonly matches: Count;
    readonly byAction: NameMap<Count>;
    readonly byEventType: NameMap<Count>;
    readonly byLevel: NameMap<Count>;
    readonly byRule: NameMap<NameMap<NameMap<RuleUsage>>>;
    readonly openAsks: readonly string[];
    readonly openAsksOverflow: Count;
  };
  readonly plugins: NameMap<PluginUsage>;
  readonly credentials: NameMap<CredentialUsage>;
}

export interface HostSessionDetail {
  readonly persistent: boolean;
  readonly ramBytes: Count;
  readonly scratchDiskSizeGb: Count;
  readonly storageMode: string;
  readonly rootfsHash: string | null;
  readonly rootfsVersion: string | null;
  readonly forkedFrom: string | null;
  readonly status: string | null;
  readonly counters: LedgerCounters | null;
}

/** A decoded event: the stored row's fields plus its detail (null = "no detail"). */
export interface HostEvent {
  readonly index: number;
  readonly id: number;
  readonly timestampUnixMs: number | null;
  readonly kind: string | null;
  readonly sessionId: string | null;
  readonly actor: string | null;
  readonly traceId: string | null;
  /** Byte length of the stored detail (0 for an empty detail). */
  readonly detailBytes: number;
  readonly detail: HostSessionDetail | null;
}

// ---- session list, service timeline, policy mutations ----

export interface SessionLocation {
  readonly where: 'sessions' | 'persistent';
  /** The session directory (run/sessions/<id> or run/persistent/<id>). */
  readonly dir: string;
  /** True when <dir>/session.db exists as a regular file. */
  readonly hasSessionDb: boolean;
}

export interface SessionRecord {
  readonly id: string;
  /** `running` when no stop was recorded (the service may have died: it is not a claim that it runs now). */
  readonly status: string;
  readonly createdMs: number | null;
  readonly stoppedMs: number | null;
  readonly createdEventId: number;
  readonly stoppedEventId: number | null;
  readonly created: HostSessionDetail | null;
  readonly stopped: HostSessionDetail | null;
  /** Final counters from the stop event, when the service could read the session's ledger. */
  readonly counters: LedgerCounters | null;
  /** Null when neither run/sessions/<id> nor run/persistent/<id> exists (or the id is not a safe folder name). */
  readonly location: SessionLocation | null;
}

export interface ServiceEvent {
  readonly kind: 'service_started' | 'service_stopped';
  readonly index: number;
  readonly id: number;
  readonly timestampUnixMs: number | null;
}

export interface PolicyMutation {
  readonly id: number;
  readonly timestampUnixMs: number | null;
  readonly mutationId: string | null;
  readonly actor: string | null;
  readonly category: string | null;
  readonly filename: string | null;
  readonly affectedPath: string | null;
  readonly targetKind: string | null;
  readonly targetKey: string | null;
  readonly operation: string | null;
  readonly ruleId: string | null;
  readonly oldHash: string | null;
  readonly oldSize: number | null;
  readonly newHash: string | null;
  readonly newSize: number | null;
  readonly status: string | null;
  readonly error: string | null;
  readonly traceId: string | null;
}

/** An applied edit whose old_hash is not the previous applied edit's new_hash. */
export interface SettingsChainBreak {
  /** 0-based position in id order among all policy_mutation_events rows. */
  readonly index: number;
  readonly id: number;
  readonly previousId: number;
  readonly expected: string | null;
  readonly found: string | null;
  readonly message: string;
}

export interface PolicyMutationReport {
  /** False when the table does not exist in this host.db. */
  readonly present: boolean;
  readonly rows: readonly PolicyMutation[];
  readonly settingsChainBreaks: readonly SettingsChainBreak[];
}

/**
 * Completeness, said beside integrity: INTACT says what the ledger holds was not altered; COMPLETE says nothing the
 * ledger itself tells us of is missing from it. Each gap kind is named, counted, placed, and says what the evidence
 * can and cannot show, so that nothing reads "did not happen" where the evidence only cannot show it.
 */

export const GAP_KINDS = [
  /** A body the recorder cut at capture: stored_bytes < original_bytes (the 10 MiB cap per direction). */
  'BODY_CUT',
  /** Exec output kept only in part outside a cut body: an excerpt in the preview (1 KiB before capsem#230). */
  'EXEC_OUTPUT_EXCERPT',
  /** The generation never recorded guest stderr: an empty stderr lane means "not recorded", not "empty". */
  'STDERR_NOT_RECORDED',
  /** Request or response headers cut at capture (headers_truncated, the 16 KiB cap). */
  'HEADERS_CUT',
  /** File-monitor overflow windows: changes held back and reported by a later scan, causes not recorded. */
  'FILE_EVENTS_OVERFLOW',
  /** Rows that exist only in session.db-wal: a copy without the -wal loses them. */
  'WAL_ONLY_ROWS',
  /** The writer's own counter snapshot (ledger_counters) disagrees with the rows the ledger holds. */
  'COUNTERS_DISAGREE',
  /**
   * The host ledger's final counters for the session (session_stopped) disagree with its rows or its own snapshot:
   * compared only when the session is checked with its host ledger at hand.
   */
  'STOPPED_COUNTERS_DISAGREE',
  /** A row kept a preview of its content, but its body is not in the archive index: only the preview can be shown. */
  'BODY_PREVIEW_ONLY',
] as const;
export type GapKind = (typeof GAP_KINDS)[number];

/**
 * A gap on one row, where a view shows that row (a transcript line, a graph node, a lifecycle row, an overflow
 * window): the kind it is counted under in the completeness section, and what it says there, in the section's words.
 */
export interface GapMark {
  readonly kind: GapKind;
  readonly says: string;
}

/** One place a gap is: a table (and direction or lane), with its rows and bytes. */
export interface GapPlace {
  readonly place: string;
  readonly rows: number;
  /** Bytes not kept where the ledger says how many; null where it cannot. */
  readonly bytesMissing: number | null;
}

export interface Gap {
  readonly kind: GapKind;
  /** Rows (or windows, or counter differences) the gap touches. */
  readonly rows: number;
  readonly bytesMissing: number | null;
  readonly places: readonly GapPlace[];
  /** Up to EXAMPLES event ids (or row ids where a table has none) to open. */
  readonly examples: readonly string[];
  /** What the evidence can and cannot show, in a sentence, the same words wherever the gap is shown. */
  readonly says: string;
}

/**
 * One of the writer's counters beside the rows it counts: the ledger's own snapshot (ledger_counters), the rows found
 * (counted as Capsem counts them), and, with the host ledger at hand, the host's final counter from session_stopped.
 */
export interface CounterRow {
  /** `net.total`, `tools.calls`, … as docs/formats/host-ledger.md names them. */
  readonly counter: string;
  readonly table: string;
  /** null: the ledger keeps no snapshot that could be read. */
  readonly snapshot: number | null;
  readonly rows: number;
  /** null: no host ledger at hand, or its stop carries no counters. */
  readonly hostStopped: number | null;
}

export interface CompletenessSection {
  /** `unknown` when the ledger could not be read far enough to tell (page damage). */
  readonly verdict: 'complete' | 'gaps' | 'unknown';
  readonly gaps: readonly Gap[];
  /** What was not compared, so that COMPLETE is never read as more than was looked at. */
  readonly notChecked: readonly string[];
  /** Every counter beside its rows (empty when neither a snapshot nor the host's final counters are at hand). */
  readonly counters: readonly CounterRow[];
}

/**
 * Transcript channels: one trace (or the whole session) told as a story, line by line, each line naming the
 * ledger row it came from, its bodies with their hashes, and its node in the identity graph. Paged by line
 * offset: the core orders the whole transcript once (cheap columns only) and fills in a page's text on demand,
 * so the first screen of a 5,000-model-call trace costs one page.
 */
import type { GapMark } from './completeness.js';
import type { Guard } from './guards.js';
import { bool, int, obj, oneOf, optional, str } from './guards.js';
import type { SpanEgress } from './egress.js';

export const TRANSCRIPT_LINE_KINDS = [
  'trace',
  'turn',
  'model_call',
  'tool_call',
  'tool_response',
  'exec',
  'file',
  'overflow',
  'net',
  'dns',
  'process',
  'credential',
  'security_rule',
  'security_decision',
  'security_ask',
] as const;
export type TranscriptLineKind = (typeof TRANSCRIPT_LINE_KINDS)[number];

export const TRANSCRIPT_FINDING_KINDS = [
  'call_without_response',
  'response_without_call',
  'mcp_without_logical_call',
  'null_model',
  'null_tokens',
  'body_failed',
  'dangling_model_call_id',
] as const;
export type TranscriptFindingKind = (typeof TRANSCRIPT_FINDING_KINDS)[number];

/** How a block's text is best read: as prose, as a shell command, as (pretty) JSON, or as a file write. */
export type TranscriptBlockFormat = 'text' | 'command' | 'json' | 'file';

/** Where a block's text came from: a column of the row, a model_items row, or a verified body. */
export interface TranscriptSource {
  readonly from: 'column' | 'item' | 'body';
  /** Column name, `model_items:<rowid>`, or `<source_table>/<direction>` of the body. */
  readonly name: string;
  /** The body's `blake3:` hash when the text came from a verified body. */
  readonly bodyHash: string | null;
}

export interface TranscriptBlock {
  /** reasoning, response, input, arguments, content, stdout, stderr, ... */
  readonly label: string;
  readonly text: string;
  readonly format: TranscriptBlockFormat;
  readonly source: TranscriptSource;
  /** The text shown is an excerpt (a preview column, or a body cut at the display cap). */
  readonly cut: boolean;
  /** For 'file' blocks: the path written. */
  readonly path?: string;
  /** When `cut`: how many bytes the whole text has, where the ledger says (exec_events.stdout_bytes, …). */
  readonly wholeBytes?: number;
  /** When `cut`: the verified body that holds the whole text, to open from the excerpt's mark. */
  readonly wholeBody?: { readonly sourceTable: string; readonly direction: string };
}

export interface TranscriptBody {
  readonly sourceTable: string;
  readonly direction: string;
  readonly bodyHash: string | null;
  readonly storedBytes: number;
}

export interface TranscriptFinding {
  readonly kind: TranscriptFindingKind;
  readonly message: string;
}

/**
 * What a turn's rows hold against what they say they should. `bodies`: bodies the archive index holds for the
 * turn's rows, against those plus the HTTP bodies a row kept a preview of but the index lacks (BODY_PREVIEW_ONLY's
 * rule). `output`: exec output bytes kept (body or preview) against the stdout_bytes + stderr_bytes produced; null
 * when the turn ran no command. `overflowWindows`: file-monitor overflow rows timed between the turn's first and
 * last row, placed by time, not by cause.
 */
export interface TranscriptCoverage {
  readonly bodies: { readonly present: number; readonly expected: number };
  readonly output: { readonly kept: number; readonly produced: number } | null;
  readonly overflowWindows: number;
  /** The same in a sentence, as views and saved transcripts show it. */
  readonly says: string;
}

export interface TranscriptLine {
  /** Position in the whole transcript (0-based). */
  readonly seq: number;
  readonly kind: TranscriptLineKind;
  /** The row the line tells (null for trace headers). */
  readonly row: { readonly table: string; readonly rowid: number } | null;
  readonly eventId: string | null;
  readonly timestamp: string | null;
  readonly traceId: string | null;
  readonly turnId: string | null;
  /** The identity-graph node this line is (`mc:3`, `tc:4`, `tr:5`, `turn:<id>`), or null. */
  readonly nodeId: string | null;
  /** 0 trace/turn (and the untraced rows' header), 1 model call or a row placed in its turn by time, 2 tool call, 3 tool response. */
  readonly depth: number;
  readonly title: string;
  readonly facts: readonly string[];
  readonly blocks: readonly TranscriptBlock[];
  readonly bodies: readonly TranscriptBody[];
  readonly findings: readonly TranscriptFinding[];
  /** Stands out: a denied request, an error response, a failed command, a block decision. */
  readonly alert: boolean;
  /** For responses: the model call that carried the result back (its rowid), when it exists. */
  readonly carriedBy: number | null;
  /**
   * How the line got its place when no recorded join put it there ("placed by time after tool_calls row 12 …",
   * "carries no trace_id …"), or null when a join did. Views show it: a place in time is not a cause.
   */
  readonly placement: string | null;
  /** The row met policy (a decision, a matched rule or a policy_* value on it): its decision chain can be opened. */
  readonly decided: boolean;
  /** Gaps on the line's own row, each counted once in the completeness report under its kind. */
  readonly gaps: readonly GapMark[];
  /** For turn lines: what the turn's rows hold against what they say they should (null on other lines). */
  readonly coverage: TranscriptCoverage | null;
  /**
   * Trace and turn headers, and the untraced tail's, with network requests among their rows: what left the sandbox
   * there; else null.
   */
  readonly egress: SpanEgress | null;
}

export interface TranscriptPage {
  /** null: the whole session. */
  readonly traceId: string | null;
  readonly sessionId: string;
  readonly total: number;
  readonly offset: number;
  readonly lines: readonly TranscriptLine[];
  /** Counts per finding kind over the whole transcript. */
  readonly findings: Readonly<Partial<Record<TranscriptFindingKind, number>>>;
  /** Why something is left out (rows without a trace_id in a session transcript, ...). */
  readonly note: string | null;
  /**
   * The whole session while its lines are still being counted: `total` and `findings` then cover only the first
   * traces, as far as this page reached. Ask again with `untilCounted` for the whole count.
   */
  readonly counting?: boolean;
}

export const TRANSCRIPT_PAGE_DEFAULT = 120;
export const TRANSCRIPT_PAGE_MAX = 500;

export interface TranscriptPageArg {
  readonly evidenceId: string;
  /** Absent: the whole session, its traces in time order. */
  readonly traceId?: string;
  readonly offset?: number;
  readonly limit?: number;
  /** The whole session: answer once its lines are counted (never a `counting` page). */
  readonly untilCounted?: boolean;
}

export const TRANSCRIPT_FORMATS = ['md', 'html', 'json'] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];

export interface TranscriptExportArg {
  readonly evidenceId: string;
  readonly traceId?: string;
  readonly format: TranscriptFormat;
}

/** The file as text (serve mode offers it as a download; the desktop app saves it through a dialog). */
export interface TranscriptExport {
  readonly fileName: string;
  readonly mime: string;
  readonly text: string;
}

export interface TranscriptChannels {
  'transcript.page': { arg: TranscriptPageArg; result: TranscriptPage };
  'transcript.export': { arg: TranscriptExportArg; result: TranscriptExport };
}

const EVIDENCE_ID = str({ max: 128, min: 1, pattern: /^[A-Za-z0-9_-]+$/ });

export const TRANSCRIPT_ARG_GUARDS: { readonly [C in keyof TranscriptChannels]: Guard<TranscriptChannels[C]['arg']> } = {
  'transcript.page': obj({
    evidenceId: EVIDENCE_ID,
    traceId: optional(str({ max: 512, min: 1 })),
    offset: optional(int(0, 2 ** 31)),
    limit: optional(int(1, TRANSCRIPT_PAGE_MAX)),
    untilCounted: optional(bool),
  }),
  'transcript.export': obj({ evidenceId: EVIDENCE_ID, traceId: optional(str({ max: 512, min: 1 })), format: oneOf(TRANSCRIPT_FORMATS) }),
};

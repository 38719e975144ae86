// One line of a trace's story in its order (order.ts), apart from the ordering code so the trace-keys worker's
// protocol can carry it without importing the readers that order a trace, which read through those keys.
import type { TranscriptFinding, TranscriptLineKind } from '../../../shared/contract/transcript.js';

export interface Entry {
  readonly kind: TranscriptLineKind;
  /** null for trace and turn headers. */
  readonly table: string | null;
  readonly id: number;
  readonly traceId: string;
  readonly turn: string | null;
  readonly depth: number;
  readonly findings: readonly TranscriptFinding[];
  /** tool_calls rowids of mcp_proxy captures folded into this logical call. */
  readonly folded?: readonly number[];
  /**
   * How the line got its place where the ledger records no join: 'time' (an event row, which the ledger ties to a
   * trace and turn but never to a call, placed after the call that began before it), 'untraced' (a row no told
   * trace carries, in the session's tail). Absent: placed by a recorded join.
   */
  readonly placedBy?: 'time' | 'untraced';
  /** For 'time': the call the row was placed after (absent: before the turn's first call). */
  readonly afterTable?: string;
  readonly afterId?: number;
}

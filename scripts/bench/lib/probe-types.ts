// What a probe child reports back to the bench (one JSON line prefixed `PROBE `).
export type ProbeOp = 'idle' | 'open' | 'pages' | 'verify' | 'export' | 'check' | 'grep' | 'hunt';

export interface ProbeArgs {
  readonly sessionDir: string;
  /** Where scratch copies go: inside the bench's work folder, so a stopped probe leaves nothing behind. */
  readonly scratchRoot?: string;
  /** verify: worker count. */
  readonly workers?: number;
  /** verify: 'auto' (native zstd when it loads) or 'fzstd' (portable). */
  readonly backend?: 'auto' | 'fzstd';
  /**
   * verify: start the workers before the open, as `check --verify-bodies` does, so their start (Node's bootstrap and
   * module loading, ~100 ms) overlaps the open; without it they start when the job does, as the app's Verify button.
   */
  readonly prestart?: boolean;
  /** export: folder for the .warc.gz (deleted by the bench). */
  readonly outDir?: string;
  /** pages: how many random pages. */
  readonly pages?: number;
  readonly seed?: number;
  /** grep, hunt: the fixed string searched for. */
  readonly needle?: string;
  /** hunt: its three byte indicators in one pass (as huntSession makes it), or apart (one hunt each, as before). */
  readonly passes?: 'one' | 'apart';
}

export interface ProbeResult {
  readonly op: ProbeOp;
  /** process.resourceUsage().maxRSS of the probe process (worker threads included), bytes. */
  readonly peakRssBytes: number;
  readonly figures: Record<string, number | string | null>;
}

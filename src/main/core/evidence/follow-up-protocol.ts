/** Messages between an open's follow-up (follow-up.ts, main thread) and its worker (follow-up-worker.ts). */

export interface FollowUpWorkerData {
  /** The scratch copy (never evidence: openHardened refuses anything else). */
  readonly dbCopyPath: string;
  /** Run PRAGMA quick_check first (false when the caller runs it itself). */
  readonly quickCheck: boolean;
}

export type MainToFollowUp = { readonly type: 'scan'; readonly id: number; readonly statements: readonly string[] };

export type FollowUpToMain =
  /** `lines` is quick_check's output when it is anything but exactly ["ok"]; null when it passed or was skipped. */
  | { readonly type: 'checked'; readonly damage: readonly string[] | null; readonly skipped: boolean }
  | { readonly type: 'rows'; readonly id: number; readonly results: unknown[][][] }
  | { readonly type: 'error'; readonly id: number | null; readonly code: string | null; readonly message: string };

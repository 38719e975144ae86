/**
 * The parts the verdict is combined from, as the room reads them: a follow-up part's state as a check's, the worse of
 * two checks, and the verdict of evidence SQLite could not open at all.
 */
import type { CheckState, VerdictView } from '../../../shared/contract.js';
import type { FollowUpPart } from '../evidence/types.js';

/** The verdict of evidence SQLite could not open: its pages failed, and no body can be found without its index. */
export const UNREADABLE_VERDICT: VerdictView = {
  verdict: 'damaged',
  pages: 'failed',
  copyProof: 'ok',
  report: 'failed',
  bodies: {
    state: 'failed',
    code: 'DB_CORRUPT',
    message: 'the body index is in session.db, which SQLite cannot read: no body could be verified',
  },
  capsemRefuses: null,
  completeness: { verdict: 'unknown', kinds: [] },
};

export function partCheck(part: FollowUpPart<unknown>): CheckState {
  switch (part.state) {
    case 'pending':
      return 'pending';
    case 'failed':
      return 'failed';
    // 'skipped' is never asked for by the app's opens (registry.ts); it reads as not standing in the way.
    case 'done':
    case 'skipped':
      return 'ok';
  }
}

export function worst(a: CheckState, b: CheckState): CheckState {
  if (a === 'failed' || b === 'failed') return 'failed';
  return a === 'pending' || b === 'pending' ? 'pending' : 'ok';
}

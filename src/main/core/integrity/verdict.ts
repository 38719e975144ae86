/**
 * The one verdict every view shows (shared/contract/verdict.ts), from the states of the checks it rests on. Pure, so
 * the rule is tested on its own: DAMAGED as soon as any check failed or any body failed (a running verification
 * goes on to name them all), "checking" while any check is still running, "bodies not verified" when the
 * verification was cancelled or could not finish, INTACT only when every check passed and every body verified.
 */
import type { BodiesState, CheckState, VerdictState } from '../../../shared/contract.js';

export interface VerdictParts {
  readonly pages: CheckState;
  readonly copyProof: CheckState;
  readonly report: CheckState;
  readonly bodies: BodiesState;
}

export function bodiesFailed(b: BodiesState): boolean {
  if (b.state === 'running') return b.failed > 0;
  if (b.state === 'done') return b.failed + b.unreadable > 0;
  return false;
}

export function combineVerdict(p: VerdictParts): VerdictState {
  if (p.pages === 'failed' || p.copyProof === 'failed' || p.report === 'failed' || bodiesFailed(p.bodies)) return 'damaged';
  if (p.pages === 'pending' || p.copyProof === 'pending' || p.report === 'pending') return 'checking';
  switch (p.bodies.state) {
    case 'waiting':
    case 'running':
      return 'checking';
    case 'cancelled':
    case 'failed':
      return 'unverified';
    case 'done':
      return 'intact';
  }
}

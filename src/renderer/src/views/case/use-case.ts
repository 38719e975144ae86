/**
 * The case kept for one evidence (case.list), asked again whenever the service says `case.changed` (an add from any
 * view) or the event stream reconnects: the Case view, the Tag… control and the tables' marks all read it, none polls.
 */
import type { CaseList } from '../../../../shared/contract.js';
import type { CallState } from '../../api/use-call.js';
import { useCall } from '../../api/use-call.js';
import { useEvidenceEvent } from '../../api/use-evidence-event.js';

export function useCase(ev: string): CallState<CaseList> {
  const listed = useCall('case.list', { evidenceId: ev });
  useEvidenceEvent('case.changed', ev, () => listed.reload());
  return listed;
}

/** serve without --case: the case is not kept, and no tag action is offered. */
export const notKept = (error: { code: string } | null): boolean => error?.code === 'CASE_NOT_KEPT';

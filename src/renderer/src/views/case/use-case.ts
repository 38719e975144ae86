/**
 * The case kept for one evidence (case.list), asked again whenever the service says `case.changed` (an add from any
 * view) or the event stream reconnects: the Case view, the Tag… control and the marks in every view (CaseTagsScope) read it, none polls.
 */
import type { CaseList } from '../../../../shared/contract.js';
import type { CallState } from '../../api/use-call.js';
import { useCall } from '../../api/use-call.js';
import { useEvidenceEvent } from '../../api/use-evidence-event.js';

/** `ev` null: no evidence is open, nothing is asked. */
export function useCase(ev: string | null): CallState<CaseList> {
  const listed = useCall('case.list', ev === null ? undefined : { evidenceId: ev });
  useEvidenceEvent('case.changed', ev ?? '', () => listed.reload());
  return listed;
}

/** serve without --case: the case is not kept, and no tag action is offered. */
export const notKept = (error: { code: string } | null): boolean => error?.code === 'CASE_NOT_KEPT';

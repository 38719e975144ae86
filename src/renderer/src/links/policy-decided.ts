// Whether a row met policy, read from its own cells: a decision, a matched rule or a policy_* value the ledger wrote
// on it (docs/formats/ledger-format.md#event-tables). Only such rows offer their decision chain, so the link never
// leads to an empty chain.
import type { EventDetail } from '../../../shared/contract.js';

const POLICY_COLUMNS = ['decision', 'matched_rule', 'policy_mode', 'policy_action', 'policy_rule', 'policy_reason'];

export function metPolicy(detail: Pick<EventDetail, 'columns' | 'cells' | 'eventId'>): boolean {
  if (!detail.eventId) return false;
  return detail.columns.some((c, i) => {
    if (!POLICY_COLUMNS.includes(c)) return false;
    const v = detail.cells[i];
    return typeof v === 'string' ? v.trim() !== '' : v !== null && v !== undefined;
  });
}

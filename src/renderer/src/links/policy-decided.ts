// Whether a row shown in the side pane met policy, read from its own cells by the contract's one rule (metPolicy):
// only such rows offer their decision chain, so the link never leads to an empty chain.
import type { EventDetail } from '../../../shared/contract.js';
import { metPolicy as rowMetPolicy } from '../../../shared/contract/decisions.js';

export function metPolicy(detail: Pick<EventDetail, 'columns' | 'cells' | 'eventId'>): boolean {
  return rowMetPolicy(detail.eventId, (c) => {
    const i = detail.columns.indexOf(c);
    return i < 0 ? undefined : detail.cells[i];
  });
}

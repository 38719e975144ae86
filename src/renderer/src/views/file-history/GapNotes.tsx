/**
 * What this ledger cannot say about file history, stated before anything else is read: each missing column or table
 * and its effect (every cause "not recorded", no sizes, …), so an empty cause is never mistaken for an innocent one.
 */
import type { FileHistoryGap } from '../../../../shared/contract.js';
import { visibleText } from '../../components/visible-text.js';

export function GapNotes(props: { gaps: readonly FileHistoryGap[] }) {
  if (props.gaps.length === 0) return null;
  return (
    <ul className="warn fh-gaps" aria-label="what this ledger does not record">
      {props.gaps.map((g) => (
        <li key={g.missing} data-gap={g.missing}>
          This ledger has no <span className="mono">{visibleText(g.missing)}</span>: {visibleText(g.effect)}.
        </li>
      ))}
    </ul>
  );
}

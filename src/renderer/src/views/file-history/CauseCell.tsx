/**
 * A change's cause as the ledger records it. A tool call names the path: its call id opens the call (the app's id
 * link, resolved in the change's trace) and its tool name opens its tool_calls row. The trace alone, or nothing:
 * said in words, so an empty cell is never read as "no cause".
 */
import type { FileChange } from '../../../../shared/contract.js';
import { visibleText } from '../../components/visible-text.js';
import { IdLink } from '../../links/IdLink.js';
import { RowLink } from '../../links/RowLink.js';

export function CauseCell(props: { ev: string; c: FileChange }) {
  const { ev, c } = props;
  if (c.cause === 'not-recorded')
    return (
      <span className="warn" data-cause="not-recorded">
        not recorded <span className="muted">(the ledger ties the change to no trace or turn)</span>
      </span>
    );
  if (c.cause === 'same-trace')
    return (
      <span data-cause="same-trace">
        same trace <span className="muted">(no tool call in it names this path)</span>
      </span>
    );
  return (
    <span data-cause="tool-call">
      {c.calls.map((k, i) => (
        <span key={k.rowId} className="fh-call" data-cause-call={k.callId}>
          {i > 0 && ', '}
          tool call <IdLink ev={ev} column="call_id" value={k.callId} ctx={{ traceId: c.traceId }} className="mono" /> (
          <RowLink ev={ev} table="tool_calls" rowid={k.rowId} className="mono">
            {visibleText(k.toolName)}
          </RowLink>
          , names it in its {k.namedIn})
        </span>
      ))}
    </span>
  );
}

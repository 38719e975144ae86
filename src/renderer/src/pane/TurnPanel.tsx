/**
 * One turn in the side pane: its model and tool calls and the file, network, DNS and exec rows it caused (found
 * in the core by index, see related/turn-rows.ts), each group with a link to the whole table filtered by the trace
 * and the turn.
 */
import type { ColumnFilter } from '../../../shared/contract.js';
import { useCall } from '../api/use-call.js';
import { EgressLine } from '../components/EgressLine.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { visibleText } from '../components/visible-text.js';
import { IdLink } from '../links/IdLink.js';
import { RelatedGroups } from '../links/RelatedGroups.js';
import { href } from '../router.js';

const TABLE_OF: Record<string, string> = {
  'Model calls': 'model_calls',
  'Tool calls': 'tool_calls',
  'File events': 'fs_events',
  'Network events': 'net_events',
  'DNS events': 'dns_events',
  'Processes run': 'exec_events',
};

export function TurnPanel(props: { ev: string; traceId: string; turnId: string }) {
  const { ev, traceId, turnId } = props;
  const t = useCall('related.turn', { evidenceId: ev, traceId, turnId });
  if (t.error) return <ErrorNote error={t.error} />;
  if (!t.value) return <p className="hint">Loading the turn…</p>;
  const v = t.value;
  const filters: ColumnFilter[] = [
    { column: 'trace_id', op: 'eq', value: traceId },
    { column: 'turn_id', op: 'eq', value: turnId },
  ];
  return (
    <div className="turn-panel" data-turn={turnId}>
      <p className="pane-links">
        trace <IdLink ev={ev} column="trace_id" value={traceId} className="mono" />
      </p>
      {v.egress && <EgressLine ev={ev} egress={v.egress} />}
      <RelatedGroups
        ev={ev}
        set={{
          table: 'turn',
          rowid: 0,
          eventId: null,
          traceId,
          turnId,
          modelCallId: null,
          callId: null,
          groups: v.groups,
          netMatch: null,
          bodies: [],
          findings: [],
          gaps: [],
        }}
      />
      <p className="muted">{visibleText(v.note)}</p>
      <p className="pane-links">
        In Tables, this turn’s:{' '}
        {v.groups.map((g, i) => {
          const table = TABLE_OF[g.title];
          return table ? (
            <span key={g.title}>
              {i > 0 && ' · '}
              <a href={href({ view: 'tables', ev, table, sort: null, filters })}>{visibleText(g.title.toLowerCase())}</a>
            </span>
          ) : null;
        })}
      </p>
    </div>
  );
}

/**
 * One row in the side pane: where it sits (trace, turn, model call), its related rows (computed in the core), its
 * bodies (one opens in the pane), then every field. The full row view stays one link away.
 */
import type { BodyMeta } from '../../../shared/contract.js';
import { useCall } from '../api/use-call.js';
import { isWalOnly, useWalOnlyFrom } from '../api/use-wal-only.js';
import { WalOnlyMark } from '../components/WalOnlyMark.js';
import { GapMarks } from '../components/GapMarks.js';
import { BodyViewer } from '../bodies/BodyViewer.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { bytesLabel } from '../components/format.js';
import { visibleText } from '../components/visible-text.js';
import { IdLink } from '../links/IdLink.js';
import { RelatedGroups } from '../links/RelatedGroups.js';
import { RowFields } from '../links/RowFields.js';
import { RowLink } from '../links/RowLink.js';
import { metPolicy } from '../links/policy-decided.js';
import { TagControl } from '../views/case/TagControl.js';
import type { BodyMode, BodyRef } from '../router.js';
import { href } from '../router.js';

const MODE_LABELS: Record<BodyMode, string> = { text: 'Text', json: 'JSON', sse: 'SSE', msgpack: 'MsgPack', hex: 'Hex', image: 'Picture' };

export function RowPanel(props: { ev: string; table: string; rowid: number; body: BodyRef | null; mode: BodyMode | null }) {
  const { ev, table, rowid } = props;
  const detail = useCall('event.get', { evidenceId: ev, table, rowid });
  const related = useCall('related.row', { evidenceId: ev, table, rowid });
  const walOnlyFrom = useWalOnlyFrom(ev);
  const walOnly = isWalOnly(walOnlyFrom, table, rowid);
  if (detail.error) return <ErrorNote error={detail.error} />;
  const set = related.value;
  const bodies: readonly BodyMeta[] = set?.bodies ?? detail.value?.bodies ?? [];
  const chosen = props.body
    ? (bodies.find((b) => b.sourceTable === props.body!.sourceTable && b.direction === props.body!.direction) ?? null)
    : null;
  const mode = props.mode;
  return (
    <div
      className="row-panel"
      data-row={`${table}/${rowid}`}
      data-related-ready={set ? 'true' : 'false'}
      data-wal-known={walOnlyFrom ? 'true' : 'false'}
    >
      <p className="pane-links">
        <a href={href({ view: 'row', ev, table, rowid, body: props.body, mode })}>Full row view ↗</a>
        {walOnly && <WalOnlyMark />}
        {set?.traceId && (
          <>
            {' · trace '}
            <IdLink ev={ev} column="trace_id" value={set.traceId} className="mono" />
          </>
        )}
        {set?.traceId && set.turnId && (
          <>
            {' · turn '}
            <IdLink ev={ev} column="turn_id" value={set.turnId} ctx={{ traceId: set.traceId }} className="mono" />
          </>
        )}
        {set?.modelCallId !== null && set?.modelCallId !== undefined && table !== 'model_calls' && (
          <>
            {' · '}
            <IdLink ev={ev} column="model_call_id" value={set.modelCallId}>
              {table === 'tool_calls'
                ? 'emitted by'
                : table === 'tool_responses'
                  ? 'consumed by'
                  : table === 'net_events'
                    ? 'carried'
                    : 'of'}{' '}
              model call #{set.modelCallId}
            </IdLink>
          </>
        )}
        {detail.value && metPolicy(detail.value) && (
          <>
            {' · '}
            <a
              href={href({ view: 'decisions', ev, event: String(detail.value.eventId) })}
              title="everything the ledger records of this event's policy decision, in order"
              data-policy-chain={String(detail.value.eventId)}
            >
              policy decision chain
            </a>
          </>
        )}
      </p>
      {set && <GapMarks gaps={set.gaps} />}
      {detail.value?.eventId && (
        <TagControl
          ev={ev}
          target={{ eventId: String(detail.value.eventId), table, direction: chosen?.sourceTable === table ? chosen.direction : null }}
        />
      )}
      <section className="pane-bodies" aria-label="bodies">
        <h3>Bodies {bodies.length === 0 && <span className="muted">none</span>}</h3>
        <div className="body-list">
          {bodies.map((b) => {
            const ref = { sourceTable: b.sourceTable, direction: b.direction };
            const active = chosen === b;
            return (
              <RowLink
                key={`${b.eventId}/${b.sourceTable}/${b.direction}`}
                ev={ev}
                table={table}
                rowid={rowid}
                body={ref}
                className={active ? 'body-chip active' : 'body-chip'}
                selected={active}
              >
                <strong>
                  {b.eventId !== detail.value?.eventId ? 'its call’s ' : ''}
                  {visibleText(b.sourceTable)}/{visibleText(b.direction)}
                </strong>
                <span>
                  {bytesLabel(b.storedBytes)}
                  {b.truncated ? ' · truncated' : ''}
                </span>
              </RowLink>
            );
          })}
        </div>
        {chosen && (
          <div className="pane-body-view" data-body-shown={`${chosen.sourceTable}/${chosen.direction}`}>
            <BodyViewer
              key={`${chosen.eventId}/${chosen.sourceTable}/${chosen.direction}/${mode}`}
              evidenceId={ev}
              body={chosen}
              mode={mode}
              modeTab={(m, active) => (
                <RowLink
                  key={m}
                  ev={ev}
                  table={table}
                  rowid={rowid}
                  body={{ sourceTable: chosen.sourceTable, direction: chosen.direction }}
                  mode={m}
                  className={active ? 'mode active' : 'mode'}
                  role="tab"
                  selected={active}
                >
                  {MODE_LABELS[m]}
                </RowLink>
              )}
            />
          </div>
        )}
      </section>
      <section aria-label="related">
        <h3>Related</h3>
        {related.error ? <ErrorNote error={related.error} /> : set ? <RelatedGroups ev={ev} set={set} /> : <p className="hint">Loading…</p>}
      </section>
      <section aria-label="fields">
        <h3>Fields</h3>
        {detail.value ? <RowFields ev={ev} detail={detail.value} max={400} /> : <p className="hint">Loading…</p>}
      </section>
    </div>
  );
}

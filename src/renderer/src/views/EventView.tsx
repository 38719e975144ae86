/** One row in full, every body of its event_id (verified status, sizes, truncation) and the body in five views. */
import { useState } from 'react';
import type { BodyMeta, EventDetail } from '../../../shared/contract.js';
import { client } from '../api/client.js';
import type { CallState } from '../api/use-call.js';
import { useCall } from '../api/use-call.js';
import type { RelatedSet } from '../../../shared/contract/related.js';
import { GapMarks } from '../components/GapMarks.js';
import { clickDownload } from '../components/click-download.js';
import { isWalOnly, useWalOnlyFrom } from '../api/use-wal-only.js';
import { WalOnlyMark } from '../components/WalOnlyMark.js';
import { BodyViewer } from '../bodies/BodyViewer.js';
import { ErrorNote } from '../components/ErrorNote.js';
import { bytesLabel } from '../components/format.js';
import type { BodyMode, BodyModeChoice, BodyRef, ByteSpan, Route } from '../router.js';
import { href } from '../router.js';
import { visibleText } from '../components/visible-text.js';
import { RelatedGroups } from '../links/RelatedGroups.js';
import { RowFields } from '../links/RowFields.js';
import { TagControl } from './case/TagControl.js';

const MODE_LABELS: Record<BodyMode, string> = {
  text: 'Text',
  json: 'Pretty JSON',
  sse: 'SSE stream',
  msgpack: 'MessagePack',
  hex: 'Hex',
  image: 'Picture',
};

export function EventView(props: {
  ev: string;
  target: { table: string; rowid: number } | { eventId: string };
  body: BodyRef | null;
  mode: BodyModeChoice;
  at?: ByteSpan;
}) {
  const { ev, target } = props;
  const arg =
    'eventId' in target ? { evidenceId: ev, eventId: target.eventId } : { evidenceId: ev, table: target.table, rowid: target.rowid };
  const d = useCall('event.get', arg);
  if (d.error) return <ErrorNote error={d.error} />;
  if (!d.value) return <p className="hint">Loading…</p>;
  return <EventDetailView ev={ev} detail={d.value} body={props.body} mode={props.mode} {...(props.at ? { at: props.at } : {})} />;
}

function routeFor(ev: string, detail: EventDetail, body: BodyRef | null, mode: BodyModeChoice): Route {
  return detail.table === 'event_body_blobs' && detail.eventId
    ? { view: 'event', ev, eventId: detail.eventId, body, mode }
    : { view: 'row', ev, table: detail.table, rowid: detail.rowid, body, mode };
}

/** The row's related rows, computed in the core (related.row); their links open the full view of each. */
function RelatedSection(props: { ev: string; related: CallState<RelatedSet> }) {
  const r = props.related;
  return (
    <section className="card related-card" aria-label="related">
      <h3>Related</h3>
      {r.error ? <ErrorNote error={r.error} /> : r.value ? <RelatedGroups ev={props.ev} set={r.value} /> : <p className="hint">Loading…</p>}
    </section>
  );
}

function EventDetailView(props: { ev: string; detail: EventDetail; body: BodyRef | null; mode: BodyModeChoice; at?: ByteSpan }) {
  const { ev, detail, mode } = props;
  const chosen = props.body
    ? detail.bodies.find((b) => b.sourceTable === props.body!.sourceTable && b.direction === props.body!.direction)
    : detail.bodies[0];
  const [saveNote, setSaveNote] = useState<string | null>(null);
  const walOnlyFrom = useWalOnlyFrom(ev);
  const walOnly = isWalOnly(walOnlyFrom, detail.table, detail.rowid);
  // One ask serves the row's gap marks (under its heading) and its related rows (after its fields).
  const related = useCall(
    'related.row',
    detail.table === 'event_body_blobs' ? undefined : { evidenceId: ev, table: detail.table, rowid: detail.rowid },
  );
  const save = async (b: BodyMeta): Promise<void> => {
    const r = await client.call('body.save', {
      evidenceId: ev,
      key: { eventId: b.eventId, sourceTable: b.sourceTable, direction: b.direction },
    });
    if (!r.ok) return setSaveNote(`${r.error.code}: ${r.error.message}`);
    switch (r.value.kind) {
      case 'download': {
        clickDownload(r.value.url, `${b.eventId}-${b.sourceTable}-${b.direction}.bin`);
        return setSaveNote('Verified body downloaded.');
      }
      case 'saved':
        return setSaveNote(`Saved to ${r.value.path}`);
      case 'cancelled':
        return setSaveNote(null);
    }
  };
  return (
    <div className="event-view">
      <section className="row-detail" aria-label="row" data-wal-known={walOnlyFrom ? 'true' : 'false'}>
        <h2>
          {visibleText(detail.table)} <span className="muted">rowid {detail.rowid}</span>
          {walOnly && <WalOnlyMark />}
        </h2>
        {detail.eventId && (
          <p className="muted">
            event_id <code>{visibleText(String(detail.eventId))}</code>
            {detail.related.length > 0 && ' · also in '}
            {detail.related.map((r, i) => (
              <span key={`${r.table}/${r.rowid}`}>
                {i > 0 && ', '}
                <a href={href({ view: 'row', ev, table: r.table, rowid: r.rowid, body: null, mode: 'text' })}>
                  {r.table} #{r.rowid}
                </a>
              </span>
            ))}
          </p>
        )}
        {related.value && <GapMarks gaps={related.value.gaps} />}
        {detail.eventId && (
          <TagControl
            ev={ev}
            target={{
              eventId: String(detail.eventId),
              table: detail.table,
              direction: chosen?.sourceTable === detail.table ? chosen.direction : null,
              range: chosen?.sourceTable === detail.table && props.at ? [props.at.offset, props.at.offset + props.at.length] : null,
            }}
          />
        )}
        <RowFields ev={ev} detail={detail} />
        {detail.table !== 'event_body_blobs' && <RelatedSection ev={ev} related={related} />}
      </section>
      <section className="bodies" aria-label="bodies">
        <h3>Bodies {detail.bodies.length === 0 && <span className="muted">(none indexed for this event)</span>}</h3>
        <div className="body-list" role="tablist">
          {detail.bodies.map((b) => {
            const active = chosen === b;
            return (
              <a
                key={`${b.sourceTable}/${b.direction}`}
                role="tab"
                aria-selected={active}
                className={active ? 'body-chip active' : 'body-chip'}
                href={href(routeFor(ev, detail, { sourceTable: b.sourceTable, direction: b.direction }, null))}
              >
                <strong>
                  {b.sourceTable}/{b.direction}
                </strong>
                <span>{b.contentType !== null ? visibleText(b.contentType) : 'no content type'}</span>
                <span>
                  {bytesLabel(b.storedBytes)} stored{b.originalBytes !== b.storedBytes ? ` of ${bytesLabel(b.originalBytes)}` : ''}
                </span>
                {b.truncated && <span className="badge warn">truncated</span>}
              </a>
            );
          })}
        </div>
        {chosen && (
          <div className="body-panel">
            <div className="body-tools">
              <span className="spacer" />
              <span className="hash" title="body_hash (BLAKE3 of the stored bytes); every byte shown was checked against it">
                {chosen.bodyHash.slice(0, 23)}…
              </span>
              <button type="button" onClick={() => void save(chosen)}>
                Save body
              </button>
            </div>
            {saveNote && <p className="muted">{saveNote}</p>}
            <BodyViewer
              key={`${chosen.eventId}/${chosen.sourceTable}/${chosen.direction}/${mode}`}
              evidenceId={ev}
              body={chosen}
              mode={mode}
              {...(props.at && props.body ? { highlight: props.at } : {})}
              modeTab={(m, active) => (
                <a
                  key={m}
                  role="tab"
                  aria-selected={active}
                  className={active ? 'mode active' : 'mode'}
                  href={href(routeFor(ev, detail, { sourceTable: chosen.sourceTable, direction: chosen.direction }, m))}
                >
                  {MODE_LABELS[m]}
                </a>
              )}
            />
          </div>
        )}
      </section>
    </div>
  );
}

/**
 * What a hunt found, session by session: each hit names its place (table and column, or table and body direction),
 * its event and an excerpt, and opens its session at the hit. Sessions not searched (gone from disk, outside the
 * window, not opened) and bodies that failed verification are listed apart: they are findings, never hits.
 */
import type { HuntDamaged, HuntHitView, HuntResults, HuntSkipped } from '../../../../shared/contract/hunt.js';
import { countLabel } from '../../components/format.js';
import { visibleText } from '../../components/visible-text.js';

const WHY: Record<HuntSkipped['why'], string> = {
  missing: 'missing from disk',
  'outside-window': 'outside since/until',
  unopenable: 'could not be opened',
  incomplete: 'not fully searched',
};

function groupBySession(hits: readonly HuntHitView[]): [string, HuntHitView[]][] {
  const groups = new Map<string, HuntHitView[]>();
  for (const h of hits) {
    const g = groups.get(h.session);
    if (g) g.push(h);
    else groups.set(h.session, [h]);
  }
  return [...groups];
}

const placeOf = (h: HuntHitView): string =>
  h.in === 'body' ? `${h.table} / ${h.direction ?? ''} body` : `${h.table}.${h.column ?? ''}${h.rowid !== null ? ` #${h.rowid}` : ''}`;

function HitRow(props: { hit: HuntHitView; onOpen: (h: HuntHitView) => void }) {
  const h = props.hit;
  return (
    <tr data-testid="hunt-hit" data-event={h.eventId}>
      <td className="mono">{visibleText(placeOf(h))}</td>
      <td className="mono">{h.eventId ? visibleText(h.eventId) : '—'}</td>
      <td className="mono muted">{visibleText(h.indicator)}</td>
      <td className="mono hunt-excerpt">
        {visibleText(h.before)}
        <mark>{visibleText(h.match)}</mark>
        {visibleText(h.after)}
      </td>
      <td>
        <button type="button" data-testid="hunt-open" onClick={() => props.onOpen(h)}>
          Open
        </button>
      </td>
    </tr>
  );
}

function Findings(props: { skipped: readonly HuntSkipped[]; damaged: readonly HuntDamaged[] }) {
  return (
    <>
      {props.skipped.length > 0 && (
        <section className="card" data-testid="hunt-skipped">
          <h3>Sessions not searched ({countLabel(props.skipped.length)})</h3>
          <ul className="notes">
            {props.skipped.map((s) => (
              <li key={`${s.session}\0${s.why}`} data-testid="hunt-skipped-session" data-session={s.session}>
                <span className="mono">{visibleText(s.session)}</span> — <b>{WHY[s.why]}</b>: {visibleText(s.reason)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {props.damaged.length > 0 && (
        <section className="card hunt-damaged" data-testid="hunt-damaged">
          <h3>Damaged bodies: failed verification, not searched ({countLabel(props.damaged.length)})</h3>
          <ul className="notes">
            {props.damaged.map((d) => (
              <li key={`${d.session}\0${d.eventId}\0${d.table}\0${d.direction}`}>
                <span className="mono">
                  {visibleText(d.session)} · {visibleText(d.eventId || '—')} {visibleText(d.table)}/{visibleText(d.direction)}
                </span>{' '}
                <span className="bad">{visibleText(d.code)}</span>: {visibleText(d.message)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

export function HuntResultsList(props: { results: HuntResults; onOpen: (h: HuntHitView) => void }) {
  const r = props.results;
  return (
    <>
      {groupBySession(r.hits).map(([session, hits]) => (
        <section className="card hunt-group" key={session} data-testid="hunt-group" data-session={session}>
          <h3>
            <span className="mono">{visibleText(session)}</span> <span className="muted">· {countLabel(hits.length)} hits</span>
          </h3>
          <table className="hunt-hits">
            <thead>
              <tr>
                <th>Where</th>
                <th>Event</th>
                <th>Indicator</th>
                <th>Excerpt</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {hits.map((h, i) => (
                <HitRow key={i} hit={h} onOpen={props.onOpen} />
              ))}
            </tbody>
          </table>
        </section>
      ))}
      <Findings skipped={r.skipped} damaged={r.damaged} />
    </>
  );
}

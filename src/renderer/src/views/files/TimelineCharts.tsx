/**
 * The two File activity charts (by action, with the overflow marks; by kind) over one shared range of the session,
 * with the zoom and pan buttons. The range starts as the whole session; each change asks the server for that range
 * binned to the chart's width in pixels (use-timeline.ts).
 */
import { useCallback, useState } from 'react';
import { ErrorNote } from '../../components/ErrorNote.js';
import { countLabel } from '../../components/format.js';
import { useWidth } from '../../components/use-width.js';
import { ZoomButtons } from '../../components/ZoomButtons.js';
import { colourOf, Timeline } from './Timeline.js';
import { clampRange, offsetLabel } from '../../components/timeline-geometry.js';
import type { Range } from '../../components/timeline-geometry.js';
import { useTimeline } from './use-timeline.js';

export function TimelineCharts(props: { ev: string }) {
  const [range, setRange] = useState<Range | null>(null);
  const [mainRef, mainW] = useWidth();
  const [kindRef, kindW] = useWidth();
  const main = useTimeline(props.ev, range, mainW);
  const kinds = useTimeline(props.ev, range, kindW);
  const tl = main.value;
  const sessionFrom = tl?.sessionFrom;
  const sessionTo = tl?.sessionTo;
  const onRange = useCallback(
    (r: Range) => {
      if (sessionFrom === undefined || sessionTo === undefined) return;
      setRange(clampRange(r, sessionFrom, sessionTo));
    },
    [sessionFrom, sessionTo],
  );
  const cur = tl ? { from: tl.from, to: tl.to } : null;
  const zoomed = range !== null;
  return (
    <div className="fs-charts">
      <section className="card fs-chart" aria-label="file events by action" data-zoomed={zoomed ? 'true' : 'false'}>
        <div className="fs-chart-head">
          <h3>
            File events by action{' '}
            {tl && (
              <span className="muted">
                ({countLabel(tl.events)} of the session’s rows in view
                {zoomed ? `, ${offsetLabel(tl.from - tl.sessionFrom)} to ${offsetLabel(tl.to - tl.sessionFrom)}` : ', whole session'})
              </span>
            )}
          </h3>
          <span className="spacer" />
          <div className="fs-zoom" role="group" aria-label="timeline zoom">
            <ZoomButtons cur={cur} zoomed={zoomed} onRange={onRange} onWhole={() => setRange(null)} wholeLabel="whole session" />
          </div>
        </div>
        {tl && (
          <div className="fs-legend">
            {tl.actions.map((a, i) => (
              <span key={a}>
                <i style={{ background: colourOf('action', a, i) }} /> {a}
              </span>
            ))}
            <span>
              <i className="fs-legend-mark" /> overflow windows (count; one window: changes held back)
            </span>
          </div>
        )}
        <div ref={mainRef} className="fs-chart-box">
          {main.error ? (
            <ErrorNote error={main.error} />
          ) : tl && mainW > 0 ? (
            <Timeline tl={tl} by="action" width={mainW} height={180} ev={props.ev} onRange={onRange} />
          ) : (
            <p className="muted">Loading…</p>
          )}
        </div>
      </section>
      <section className="card fs-chart" aria-label="file events by kind">
        <h3>By kind</h3>
        {kinds.value && (
          <div className="fs-legend">
            {kinds.value.kinds.map((k, i) => (
              <span key={k}>
                <i style={{ background: colourOf('kind', k, i) }} /> {k}
              </span>
            ))}
          </div>
        )}
        <div ref={kindRef} className="fs-chart-box">
          {kinds.value && kindW > 0 ? (
            <Timeline tl={kinds.value} by="kind" width={kindW} height={180} ev={props.ev} onRange={onRange} />
          ) : (
            <p className="muted">Loading…</p>
          )}
        </div>
      </section>
    </div>
  );
}

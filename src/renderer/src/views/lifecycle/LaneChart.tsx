/**
 * The swimlanes card: its range (the whole span of the matching calls at first), the zoom buttons, and the lanes
 * asked of the server for that range at the card's width. Keyed by the filters where it is used, so a new filter
 * starts from its own whole span.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LaneBins, LifecycleFilters } from '../../../../shared/contract/lifecycle.js';
import { client } from '../../api/client.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { countLabel } from '../../components/format.js';
import { useWidth } from '../../components/use-width.js';
import { ZoomButtons } from '../../components/ZoomButtons.js';
import { clampRange, offsetLabel } from '../../components/timeline-geometry.js';
import type { Range } from '../../components/timeline-geometry.js';
import { Swimlanes } from './Swimlanes.js';

/**
 * The lanes' and axis' height at most: what .lc-lanes (max-height 240 px, lifecycle.css) holds under its head and
 * padding (about 56 px), so the card does not scroll by itself above the grid unless its lanes alone (one per tool)
 * are more than that.
 */
const LANES_MAX_H = 180;

function useLanes(ev: string, filters: LifecycleFilters, range: Range | null, width: number) {
  const [value, setValue] = useState<LaneBins | null>(null);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const seq = useRef(0);
  useEffect(() => {
    if (width <= 0) return;
    const mine = ++seq.current;
    void client
      .call('lifecycle.lanes', { evidenceId: ev, filters, width: Math.round(width), ...(range ? { from: range.from, to: range.to } : {}) })
      .then((r) => {
        if (mine !== seq.current) return;
        if (r.ok) {
          setValue(r.value);
          setError(null);
        } else setError(r.error);
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked again when the filters' value, the range's ends or the whole pixels change, not their objects
  }, [ev, JSON.stringify(filters), range?.from, range?.to, Math.round(width)]);
  return { value, error };
}

export function LaneChart(props: { ev: string; filters: LifecycleFilters; onPick(id: number): void }) {
  const [box, width] = useWidth();
  const [range, setRange] = useState<Range | null>(null);
  const lanes = useLanes(props.ev, props.filters, range, width);
  const L = lanes.value;
  const sessionFrom = L?.sessionFrom;
  const sessionTo = L?.sessionTo;
  const onRange = useCallback(
    (r: Range) => sessionFrom !== undefined && sessionTo !== undefined && setRange(clampRange(r, sessionFrom, sessionTo)),
    [sessionFrom, sessionTo],
  );
  const cur = L ? { from: L.from, to: L.to } : null;
  const zoomed = range !== null;
  return (
    <section className="card lc-lanes" aria-label="swimlanes" data-zoomed={zoomed ? 'true' : 'false'}>
      <div className="lc-lanes-head">
        <span className="muted" data-lane-total={L?.calls ?? ''}>
          {L
            ? `${countLabel(L.calls)} calls in view${zoomed ? `, ${offsetLabel(L.from - L.sessionFrom)} to ${offsetLabel(L.to - L.sessionFrom)}` : ''}${L.points ? ', each drawn' : `, ${L.binMs < 1000 ? `${Math.round(L.binMs)} ms` : `${(L.binMs / 1000).toFixed(1)} s`} per bin`}${L.untimed ? `; ${countLabel(L.untimed)} without a time` : ''}`
            : ''}
        </span>
        <span className="spacer" />
        <ZoomButtons cur={cur} zoomed={zoomed} onRange={onRange} onWhole={() => setRange(null)} wholeLabel="whole span" />
      </div>
      <div ref={box}>
        {lanes.error ? (
          <ErrorNote error={lanes.error} />
        ) : L && width > 0 ? (
          <Swimlanes lanes={L} width={width} maxHeight={LANES_MAX_H} onPick={props.onPick} onRange={onRange} />
        ) : (
          <p className="muted">Loading…</p>
        )}
      </div>
    </section>
  );
}

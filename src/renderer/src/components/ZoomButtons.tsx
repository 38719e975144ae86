/**
 * The zoom and pan buttons of a time chart (file activity, swimlanes): pan by half the range, zoom in or out about its
 * middle, and back to the whole range. `cur` is the range in view (null before the first answer); `zoomed` is whether
 * the reader has left the whole range. A fragment, so each chart keeps its own header layout around it.
 */
import { panBy, zoomAbout } from './timeline-geometry.js';
import type { Range } from './timeline-geometry.js';

export function ZoomButtons(props: { cur: Range | null; zoomed: boolean; onRange(r: Range): void; onWhole(): void; wholeLabel: string }) {
  const { cur, zoomed, onRange } = props;
  return (
    <>
      <button type="button" aria-label="pan left" disabled={!cur || !zoomed} onClick={() => cur && onRange(panBy(cur, -0.5))}>
        ←
      </button>
      <button
        type="button"
        aria-label="zoom in"
        disabled={!cur}
        onClick={() => cur && onRange(zoomAbout(cur, (cur.from + cur.to) / 2, 0.5))}
      >
        +
      </button>
      <button
        type="button"
        aria-label="zoom out"
        disabled={!cur || !zoomed}
        onClick={() => cur && onRange(zoomAbout(cur, (cur.from + cur.to) / 2, 2))}
      >
        −
      </button>
      <button type="button" aria-label="pan right" disabled={!cur || !zoomed} onClick={() => cur && onRange(panBy(cur, 0.5))}>
        →
      </button>
      <button type="button" disabled={!zoomed} onClick={props.onWhole}>
        {props.wholeLabel}
      </button>
    </>
  );
}

/**
 * A virtualized list of display rows (body views): only the rows in view are in the DOM, whatever the body's
 * size. Rows are text nodes; markers are spans with a class. `onNearEnd` asks for the next window of bytes.
 */
import { useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Row } from '../bodies/pieces.js';

export const ROW_HEIGHT = 18;

export function RowList(props: { rows: readonly Row[]; onNearEnd?: () => void; label: string; showOffsets?: boolean; hits?: ReadonlySet<number>; focusRow?: number | null }) {
  const { rows, onNearEnd } = props;
  const parent = useRef<HTMLDivElement>(null);
  const v = useVirtualizer({ count: rows.length, getScrollElement: () => parent.current, estimateSize: () => ROW_HEIGHT, overscan: 20 });
  const items = v.getVirtualItems();
  const last = items[items.length - 1];
  // The find box's current hit is scrolled into the middle of the view.
  useEffect(() => {
    if (props.focusRow !== null && props.focusRow !== undefined) v.scrollToIndex(props.focusRow, { align: 'center' });
  }, [props.focusRow]);
  useEffect(() => {
    if (onNearEnd && (rows.length === 0 || (last && last.index >= rows.length - 40))) onNearEnd();
  }, [last, rows.length, onNearEnd]);
  return (
    <div className="rowlist" ref={parent} role="region" aria-label={props.label} tabIndex={0}>
      <div className="rowlist-inner" style={{ height: v.getTotalSize() }}>
        {items.map((it) => {
          const row = rows[it.index]!;
          return (
            <div
              key={it.key}
              className={`${row.cont ? 'brow cont' : 'brow'}${props.hits?.has(it.index) ? ' hit' : ''}${props.focusRow === it.index ? ' hit-current' : ''}`}
              data-row-index={it.index}
              style={{ transform: `translateY(${it.start}px)` }}
            >
              {props.showOffsets !== false && <span className="boff">{row.offset === null ? '' : row.offset.toString(16).padStart(8, '0')}</span>}
              <span className="btext">
                {row.pieces.map((p, i) =>
                  p.t === 'text' ? (
                    <span key={i}>{p.s}</span>
                  ) : (
                    <span key={i} className="mk" title={p.title}>
                      {p.s}
                    </span>
                  ),
                )}
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}

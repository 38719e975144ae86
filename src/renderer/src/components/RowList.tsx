/**
 * A virtualized list of display rows (body views): only the rows in view are in the DOM, whatever the body's
 * size. Rows are text nodes; markers are spans with a class. `onNearEnd` asks for the next window of bytes.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Row } from '../bodies/pieces.js';

export const ROW_HEIGHT = 18;

/** Rows to scroll to (once) and mark: a search match; `text`, when given, is marked where it occurs in them. */
export interface RowHits {
  readonly first: number;
  readonly last: number;
  readonly text: string | null;
}

/** `match`: a search match to scroll to and mark; `hits`/`focusRow`: the find box's matching rows and its current one. */
export function RowList(props: {
  rows: readonly Row[];
  onNearEnd?: () => void;
  label: string;
  showOffsets?: boolean;
  match?: RowHits;
  hits?: ReadonlySet<number>;
  focusRow?: number | null;
}) {
  const { rows, onNearEnd, match: hits } = props;
  const parent = useRef<HTMLDivElement>(null);
  const v = useVirtualizer({ count: rows.length, getScrollElement: () => parent.current, estimateSize: () => ROW_HEIGHT, overscan: 20 });
  const scrolledTo = useRef<number | null>(null);
  useEffect(() => {
    if (!hits || hits.first >= rows.length || scrolledTo.current === hits.first) return;
    scrolledTo.current = hits.first;
    v.scrollToIndex(hits.first, { align: 'center' });
  }, [hits, rows.length, v]);
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
              className={`${row.cont ? 'brow cont' : 'brow'}${(hits && it.index >= hits.first && it.index <= hits.last) || props.hits?.has(it.index) ? ' hit' : ''}${props.focusRow === it.index ? ' hit-current' : ''}`}
              data-row-index={it.index}
              style={{ transform: `translateY(${it.start}px)` }}
            >
              {props.showOffsets !== false && (
                <span className="boff">{row.offset === null ? '' : row.offset.toString(16).padStart(8, '0')}</span>
              )}
              <span className="btext">
                {row.pieces.map((p, i) =>
                  p.t === 'text' ? (
                    <span key={i}>{hits?.text && it.index >= hits.first && it.index <= hits.last ? marked(p.s, hits.text) : p.s}</span>
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

/** `s` with each occurrence of `needle` in a <mark> (as text nodes: nothing here is ever markup). */
function marked(s: string, needle: string): ReactNode {
  if (!needle || !s.includes(needle)) return s;
  const out: ReactNode[] = [];
  let from = 0;
  for (let at = s.indexOf(needle); at >= 0; at = s.indexOf(needle, at + needle.length)) {
    out.push(s.slice(from, at), <mark key={at}>{needle}</mark>);
    from = at + needle.length;
  }
  out.push(s.slice(from));
  return out;
}

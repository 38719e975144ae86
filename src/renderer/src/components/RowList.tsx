/**
 * A virtualized list of display rows (body views): only the rows in view are in the DOM, whatever the body's
 * size. Rows are text nodes; markers are spans with a class. `onNearEnd` asks for the next window of bytes.
 * Rows come from an array or from any source that makes a row on demand (hex rows, folded JSON), so a view of
 * a million rows never builds them all. With `wrap`, long rows wrap and each row's height is measured.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useFixedRows } from './fixed-rows.js';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { RowSource } from '../bodies/pieces.js';

export const ROW_HEIGHT = 18;

/** Rows to scroll to (once) and mark: a search match; `text`, when given, is marked where it occurs in them. */
export interface RowHits {
  readonly first: number;
  readonly last: number;
  readonly text: string | null;
}

export type { RowSource } from '../bodies/pieces.js';

/**
 * `match`: a search match to scroll to and mark; `hits`/`focusRow`: the find box's matching rows and its current one.
 * `gutter`: a control before a row's text (a fold toggle). `onRange`: the rows in view, as they change.
 */
export function RowList(props: {
  rows: RowSource;
  wrap?: boolean;
  gutter?: (index: number) => ReactNode;
  onRange?: (first: number, last: number) => void;
  onNearEnd?: () => void;
  label: string;
  showOffsets?: boolean;
  match?: RowHits;
  hits?: ReadonlySet<number>;
  focusRow?: number | null;
}) {
  const { rows, onNearEnd, match: hits } = props;
  const parent = useRef<HTMLDivElement>(null);
  const wrap = props.wrap === true;
  // Wrapped rows have measured heights (the virtualizer's cache); unwrapped rows are all ROW_HEIGHT and are
  // placed by arithmetic, so a million rows cost nothing when the count changes (a fold, a window arriving).
  const v = useVirtualizer({
    count: wrap ? rows.length : 0,
    getScrollElement: () => parent.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
  });
  const fixed = useFixedRows(parent, wrap ? 0 : rows.length);
  const scrollToIndex = (i: number): void => (wrap ? v.scrollToIndex(i, { align: 'center' }) : fixed.scrollToIndex(i));
  // Heights measured before a wrap change are wrong after it.
  useEffect(() => v.measure(), [wrap, v]);
  const scrolledTo = useRef<number | null>(null);
  useEffect(() => {
    if (!hits || hits.first >= rows.length || scrolledTo.current === hits.first) return;
    scrolledTo.current = hits.first;
    scrollToIndex(hits.first);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- scrolls when the hit or focus moves, not when the scroll function is remade each render
  }, [hits, rows.length, v]);
  const items = wrap ? v.getVirtualItems() : fixed.items;
  const last = items[items.length - 1];
  const firstIndex = items[0]?.index ?? -1;
  const lastIndex = last?.index ?? -1;
  const { onRange } = props;
  useEffect(() => {
    if (onRange && lastIndex >= 0) onRange(firstIndex, lastIndex);
  }, [onRange, firstIndex, lastIndex]);
  // The find box's current hit is scrolled into the middle of the view.
  useEffect(() => {
    if (props.focusRow !== null && props.focusRow !== undefined) scrollToIndex(props.focusRow);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- scrolls when the hit or focus moves, not when the scroll function is remade each render
  }, [props.focusRow]);
  useEffect(() => {
    if (onNearEnd && (rows.length === 0 || (last && last.index >= rows.length - 40))) onNearEnd();
  }, [last, rows.length, onNearEnd]);
  return (
    <div
      className={wrap ? 'rowlist wrap' : 'rowlist'}
      ref={parent}
      role="region"
      aria-label={props.label}
      tabIndex={0}
      onScroll={wrap ? undefined : fixed.onScroll}
    >
      <div className="rowlist-inner" style={{ height: wrap ? v.getTotalSize() : fixed.totalPx }}>
        {items.map((it) => {
          const row = rows.at(it.index);
          if (!row) return null;
          return (
            <div
              key={it.key}
              ref={wrap ? v.measureElement : undefined}
              data-index={it.index}
              className={`${row.cont ? 'brow cont' : 'brow'}${(hits && it.index >= hits.first && it.index <= hits.last) || props.hits?.has(it.index) ? ' hit' : ''}${props.focusRow === it.index ? ' hit-current' : ''}`}
              data-row-index={it.index}
              style={{ transform: `translateY(${it.start}px)` }}
            >
              {props.showOffsets !== false && (
                <span className="boff">{row.offset === null ? '' : row.offset.toString(16).padStart(8, '0')}</span>
              )}
              {props.gutter && <span className="bgutter">{props.gutter(it.index)}</span>}
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

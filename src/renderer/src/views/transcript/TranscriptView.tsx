/**
 * The transcript of one trace (or of the whole session): every turn told in order, each line backed by its row,
 * bodies and identity-graph node. Only the lines near the screen are in the DOM, and the core sends them a page at
 * a time as the list scrolls, so a 5,000-model-call trace opens as fast as a short one. A line opens its row in the
 * side pane beside the transcript (`?sel=` in the URL, so reload and Back restore it); j/k move a cursor over the
 * lines and Enter opens the one under it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RowNav } from '../../app-context.js';
import { useRowNav } from '../../app-context.js';
import { PaneLayout } from '../../pane/PaneLayout.js';
import { samePaneSelection, selectInPane, usePaneState } from '../../pane/selection.js';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TranscriptFormat, TranscriptLine } from '../../../../shared/contract/transcript.js';
import { ErrorNote } from '../../components/ErrorNote.js';
import { countLabel } from '../../components/format.js';
import { visibleText } from '../../components/visible-text.js';
import { href } from '../../router.js';
import { TranscriptLineView, lineSelection } from './TranscriptLineView.js';
import { saveTranscript } from './save-transcript.js';
import { useTranscriptPages } from './use-transcript-pages.js';
import { useLineWindow } from './use-line-window.js';
import { useVerdict } from '../../api/use-verdict.js';
import './transcript.css';

const OVERSCAN = 4;

/** A first guess of a line's height before it is drawn and measured. */
function estimate(l: TranscriptLine | null): number {
  if (!l) return 64;
  const textLines = l.blocks.reduce((n, b) => n + Math.min(13, b.text.split('\n', 14).length + Math.floor(b.text.length / 160)) + 1, 0);
  return 34 + l.findings.length * 20 + textLines * 17;
}

function SaveButton(props: { ev: string; trace: string | null }) {
  const [format, setFormat] = useState<TranscriptFormat>('html');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  return (
    <span className="tl-save">
      <select aria-label="transcript format" value={format} onChange={(e) => setFormat(e.target.value as TranscriptFormat)}>
        <option value="html">HTML</option>
        <option value="md">Markdown</option>
        <option value="json">JSON lines</option>
      </select>
      <button
        type="button"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void saveTranscript(props.ev, props.trace, format).then((e) => {
            setBusy(false);
            setError(e);
          });
        }}
      >
        {busy ? 'Saving…' : 'Save transcript'}
      </button>
      {error && <ErrorNote error={error} />}
    </span>
  );
}

export function TranscriptView(props: { ev: string; trace: string | null }) {
  const { ev, trace } = props;
  const verdict = useVerdict(ev);
  const bodies = verdict?.bodies;
  const pages = useTranscriptPages(ev, trace, bodies?.state === 'done' ? `done:${bodies.jobId ?? ''}:${bodies.failed}` : 'not-done');
  const scroller = useRef<HTMLDivElement>(null);
  const total = pages.head?.total ?? 0;
  const { line } = pages;
  // Stable, as every option the virtualizer memoises on (no inline getItemKey either): it recomputes every line's
  // offset whenever one changes (146,930 lines on the 5,000-call trace); a drawn line is measured anyway.
  const estimateSize = useCallback((i: number) => estimate(line(i)), [line]);
  const lineWindow = useLineWindow(total);
  const v = useVirtualizer({
    count: lineWindow.count,
    paddingEnd: lineWindow.paddingEnd,
    getScrollElement: () => scroller.current,
    estimateSize,
    overscan: OVERSCAN,
  });
  // Stable too, so a memoised line does not redraw on every scroll frame.
  const remeasure = useCallback(() => v.measure(), [v]);
  const items = v.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  const { want } = pages;
  useEffect(() => {
    if (total > 0) want(first, last + OVERSCAN);
  }, [want, first, last, total]);
  // The window grows ahead of the last line drawn, and to wherever a dragged scrollbar lands past it.
  // (The viewport's height as the virtualizer observed it: reading clientHeight here forced a layout each frame.)
  const { follow } = lineWindow;
  const shownTo = (v.scrollOffset ?? 0) + (v.scrollRect?.height ?? 0);
  const windowEndPx = v.getTotalSize() - lineWindow.paddingEnd;
  useEffect(() => follow(last, shownTo, windowEndPx), [follow, last, shownTo, windowEndPx]);
  const pane = usePaneState();
  // The cursor j/k move (a line index); it starts at the line shown in the pane.
  const [cursor, setCursor] = useState<number | null>(null);
  const cursorRef = useRef<number | null>(null);
  cursorRef.current = cursor;
  const selectedIndex = (): number | null => {
    for (const it of v.getVirtualItems()) {
      const l = line(it.index);
      if (l && samePaneSelection(pane.sel, lineSelection(l))) return it.index;
    }
    return null;
  };
  const selectedRef = useRef(selectedIndex);
  selectedRef.current = selectedIndex;
  const onNav = useCallback(
    (nav: RowNav) => {
      if (total === 0) return;
      const at = cursorRef.current ?? selectedRef.current();
      if (nav === 'open') {
        const l = at === null ? null : line(at);
        const sel = l ? lineSelection(l) : null;
        if (sel) selectInPane(sel);
        return;
      }
      const next = at === null ? (nav === 'next' ? first : last) : Math.max(0, Math.min(total - 1, at + (nav === 'next' ? 1 : -1)));
      cursorRef.current = next;
      setCursor(next);
      v.scrollToIndex(next, { align: 'auto' });
    },
    [total, line, first, last, v],
  );
  useRowNav(onNav);
  // The cursor's title link takes the focus once drawn, so Enter opens it as any focused link (Tab walks its links).
  const cursorDrawn = cursor !== null && line(cursor) !== null && items.some((it) => it.index === cursor);
  useEffect(() => {
    if (!cursorDrawn || cursor === null) return;
    scroller.current?.querySelector<HTMLElement>(`article.tl[data-seq="${cursor}"] a.tl-title`)?.focus({ preventScroll: true });
  }, [cursor, cursorDrawn]);
  if (pages.error) return <ErrorNote error={pages.error} />;
  const head = pages.head;
  const findings = head ? Object.entries(head.findings).filter(([, n]) => (n ?? 0) > 0) : [];
  return (
    <PaneLayout ev={ev} className="transcript-pane">
      <div className="transcript-view" data-trace-id={trace ?? ''} data-total={total}>
        <div className="toolbar">
          <a href={href({ view: 'graph', ev, trace: null })}>← Traces</a>
          <h2 className="mono">{trace ? visibleText(trace) : 'Whole session'}</h2>
          {head && (
            <span className="muted" data-counting={head.counting ? 'true' : undefined}>
              {head.counting ? `${countLabel(total)}+ lines, counting the rest…` : `${countLabel(total)} lines`}
            </span>
          )}
          {findings.map(([k, n]) => (
            <span key={k} className="tl-chip bad" data-finding-count={k}>
              {k} ×{n}
            </span>
          ))}
          <span className="spacer" />
          {trace && <a href={href({ view: 'graph', ev, trace })}>Identity graph</a>}
          {trace && <a href={href({ view: 'transcript', ev, trace: null })}>Whole session</a>}
          <SaveButton ev={ev} trace={trace} />
        </div>
        {head?.note && <p className="warn">{visibleText(head.note)}</p>}
        {!head ? (
          <p className="hint">Loading transcript…</p>
        ) : (
          <div className="transcript-scroll" ref={scroller} role="feed" aria-label="transcript" aria-busy={false}>
            <div className="transcript-inner" style={{ height: v.getTotalSize() }}>
              {items.map((it) => {
                const l = pages.line(it.index);
                return (
                  <div
                    key={it.key}
                    data-index={it.index}
                    ref={v.measureElement}
                    className="tl-slot"
                    style={{ transform: `translateY(${it.start}px)` }}
                  >
                    {l ? (
                      <TranscriptLineView
                        ev={ev}
                        line={l}
                        selected={samePaneSelection(pane.sel, lineSelection(l))}
                        cursor={cursor === it.index}
                        onResize={remeasure}
                      />
                    ) : (
                      <div className="tl tl-pending">…</div>
                    )}
                  </div>
                );
              })}
            </div>
          </div>
        )}
      </div>
    </PaneLayout>
  );
}

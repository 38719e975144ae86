/**
 * The side pane's frame for any list view: the list on the left keeps its place, scroll and selection; the
 * selection named in the URL (selection.ts) is shown beside it. Escape closes the pane. The pane's content is its
 * own chunk, loaded when a selection is first shown, so list views that have not opened one do not pay for it.
 */
import type { ReactNode } from 'react';
import { Suspense, lazy, useEffect, useMemo, useRef } from 'react';
import type { BodyMode, BodyRef } from '../router.js';
import type { PaneHost } from './pane-host.js';
import { PaneHostContext } from './pane-host.js';
import type { PaneState, Selection } from './selection.js';
import { selectInPane, usePaneState } from './selection.js';

const SidePane = lazy(() => import('./SidePane.js').then((m) => ({ default: m.SidePane })));

function isTyping(t: EventTarget | null): boolean {
  const el = t as HTMLElement | null;
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable);
}

/** The data attribute that names an element across redraws (a graph node, a row link, a grid row), as a selector. */
function keyOf(el: Element): string | null {
  for (const attr of ['data-node-id', 'data-row-link', 'data-rowkey']) {
    const v = el.getAttribute(attr);
    if (v !== null) return `[${attr}="${CSS.escape(v)}"]`;
  }
  return null;
}

/** The pane state of the URL and the host that changes it; Escape (outside a text field) closes the pane. */
export function usePane(): { state: PaneState; host: PaneHost } {
  const state = usePaneState();
  const host = useMemo<PaneHost>(
    () => ({
      select: (sel: Selection, body: BodyRef | null = null, mode: BodyMode | null = null) => selectInPane(sel, body, mode),
      close: () => selectInPane(null),
    }),
    [],
  );
  const open = state.sel !== null;
  // The last element focused outside the pane (the row, link or node that opened it). Escape gives focus back
  // there: the focused element inside the pane goes with the pane, and focus would otherwise fall to the page. A view
  // that redrew that element meanwhile (the graph does) is found again by its data attribute.
  const outside = useRef<{ el: Element; key: string | null } | null>(null);
  useEffect(() => {
    const onFocus = (e: FocusEvent): void => {
      const el = e.target;
      if (el instanceof Element && !el.closest('aside.side-pane')) outside.current = { el, key: keyOf(el) };
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent): void => {
      if (e.key !== 'Escape' || isTyping(e.target) || document.querySelector('.sheet')) return;
      host.close();
      const o = outside.current;
      const back = o && (o.el.isConnected ? o.el : o.key ? document.querySelector(o.key) : null);
      if (back && back !== document.body && 'focus' in back) (back as HTMLElement).focus({ preventScroll: true });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, host]);
  return { state, host };
}

/** The pane itself (lazy), for views that place it in a layout of their own. */
export function SidePaneSlot(props: { ev: string; state: PaneState }) {
  if (!props.state.sel) return null;
  return (
    <Suspense
      fallback={
        <aside className="side-pane">
          <p className="hint">Loading…</p>
        </aside>
      }
    >
      <SidePane ev={props.ev} state={props.state} />
    </Suspense>
  );
}

/** List and pane side by side; the list's element stays mounted whether the pane is open or not. */
export function PaneLayout(props: { ev: string; children: ReactNode; className?: string }) {
  const { state, host } = usePane();
  return (
    <PaneHostContext.Provider value={host}>
      <div className={`pane-layout${state.sel ? ' open' : ''}${props.className ? ` ${props.className}` : ''}`}>
        <div className="pane-list">{props.children}</div>
        <SidePaneSlot ev={props.ev} state={state} />
      </div>
    </PaneHostContext.Provider>
  );
}

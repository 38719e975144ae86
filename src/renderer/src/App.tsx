/** Layout, routing between views, global keys, and the page-wide drop target. */
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { EvidenceSummary } from '../../shared/contract.js';
import { client } from './api/client.js';
import type { AppCtx, RowNav } from './app-context.js';
import { AppContext, ROW_NAV_EVENT } from './app-context.js';
import type { Failure } from '../../shared/errors.js';
import type { TimeMode } from './components/format.js';
import { ShortcutSheet } from './components/ShortcutSheet.js';
import type { Route } from './router.js';
import { href, navigate, useRoute } from './router.js';
import { NAV_VIEWS } from './nav-views.js';
import type { Collected } from './use-page-drop.js';
import { usePageDrop } from './use-page-drop.js';
import { OverviewView } from './views/OverviewView.js';
import { StartView } from './views/StartView.js';
import { TablesView } from './views/TablesView.js';
import {
  CaseView,
  CompareView,
  DecisionsView,
  EgressView,
  EventView,
  FileHistoryView,
  FilesView,
  GraphView,
  IntegrityView,
  LibraryView,
  HuntView,
  LifecycleView,
  SearchView,
  SqlView,
  TranscriptView,
} from './lazy-views.js';
import { ViewLoading } from './view-loading.js';
import { useLibraries } from './views/library/use-libraries.js';
import { visibleText } from './components/visible-text.js';
import { VerdictBadge } from './components/VerdictBadge.js';
import { useVerdict } from './api/use-verdict.js';
import { WalOnlyScope } from './components/WalOnlyScope.js';
import { CaseTagsScope } from './views/case/CaseTagsScope.js';

function isTyping(t: EventTarget | null): boolean {
  const el = t as HTMLElement | null;
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable);
}

/** The trace the current view is about (a trace's graph or transcript), if any. */
const traceOf = (r: Route): string | null => ('trace' in r && typeof r.trace === 'string' ? r.trace : null);

/** Where `g` + key goes: the view, for the current trace when the current view is about one (g x from a graph). */
function viewRoute(view: Route['view'], ev: string, current: Route): Route {
  switch (view) {
    case 'tables':
      return { view, ev, table: null, sort: null, filters: [] };
    case 'sql':
      return { view, ev, canned: null };
    case 'search':
      return { view, ev, q: '' };
    case 'integrity':
    case 'egress':
      return { view, ev };
    case 'decisions':
      return { view, ev, event: null };
    case 'case':
      return { view, ev, tag: null };
    case 'graph':
    case 'transcript':
      return { view, ev, trace: traceOf(current) };
    case 'lifecycle':
      return { view, ev, filters: {} };
    case 'files':
      return { view, ev, persistOnly: false };
    case 'file-history':
      return { view, ev, path: null };
    default:
      return { view: 'overview', ev };
  }
}

export function App() {
  const route = useRoute();
  const [time, setTime] = useState<TimeMode>('utc');
  const [evidence, setEvidence] = useState<readonly EvidenceSummary[]>([]);
  const [sheet, setSheet] = useState(false);
  const searchBox = useRef<HTMLInputElement>(null);
  // The keys' handler is bound once per evidence: it reads the route as it is when a key is pressed.
  const routeNow = useRef(route);
  routeNow.current = route;
  const gPressed = useRef(0);

  const refreshEvidence = useCallback(() => {
    void client.call('evidence.list', null).then((r) => r.ok && setEvidence(r.value));
  }, []);
  useEffect(refreshEvidence, [refreshEvidence]);
  const ev = 'ev' in route ? route.ev : null;
  const libraries = useLibraries();
  const current = evidence.find((e) => e.id === ev) ?? null;
  const verdict = useVerdict(current ? current.id : null);

  // With one piece of evidence open when the app loads and nothing chosen, go straight to it: decided once, when
  // the first list arrives, so Start and the brand (which lead to #/ as well) stay on Start afterwards.
  const firstList = useRef(true);
  useEffect(() => {
    if (evidence.length === 0 || !firstList.current) return;
    firstList.current = false;
    if (route.view === 'start' && evidence.length === 1 && (window.location.hash === '' || window.location.hash === '#/'))
      navigate({ view: 'overview', ev: evidence[0]!.id }, true);
  }, [route.view, evidence]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') return setSheet(false);
      if (isTyping(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === '?') {
        e.preventDefault();
        return setSheet((s) => !s);
      }
      if (e.key === '/') {
        e.preventDefault();
        return searchBox.current?.focus();
      }
      const nav: RowNav | null = e.key === 'j' ? 'next' : e.key === 'k' ? 'prev' : e.key === 'Enter' ? 'open' : null;
      // Enter on a focused link or button is the browser's own activation (a link in the side pane, say), not "open
      // the selected row" of the list behind it.
      if (nav === 'open' && e.target instanceof Element && e.target.closest('a[href], button, [role="button"]')) return;
      if (nav) {
        window.dispatchEvent(new CustomEvent(ROW_NAV_EVENT, { detail: nav }));
        return;
      }
      if (e.key === 'g') {
        gPressed.current = Date.now();
        return;
      }
      if (ev && Date.now() - gPressed.current < 1000) {
        const target = NAV_VIEWS.find((n) => n.key === e.key);
        if (target) navigate(viewRoute(target.view, ev, routeNow.current));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [ev]);

  const { dropping, dropError, openUploads } = usePageDrop(refreshEvidence);

  const ctx: AppCtx = useMemo(() => ({ time, setTime, evidence, refreshEvidence }), [time, evidence, refreshEvidence]);
  return (
    <AppContext.Provider value={ctx}>
      <div className="app" data-app-state="loaded" data-view={route.view}>
        <header className="topbar">
          <a className="brand" href="#/">
            Capsem Ledger Inspector
          </a>
          {current && (
            <span className="current" title={`evidence id ${visibleText(current.id)}`}>
              <span className="mono">{visibleText(current.sessionId)}</span>
              {current.displayName && <span className="display-name">{visibleText(current.displayName)}</span>}
              <span className="gen">{current.generation ?? 'unknown'}</span>
              <VerdictBadge ev={current.id} verdict={verdict} progress cancel completeness />
            </span>
          )}
          <span className="spacer" />
          {ev && (
            <form
              className="quick-search"
              onSubmit={(e) => {
                e.preventDefault();
                const v = searchBox.current?.value.trim() ?? '';
                if (v) navigate({ view: 'search', ev, q: v });
              }}
            >
              <input ref={searchBox} placeholder="Search ids, domain, tool  ( / )" aria-label="quick search" />
            </form>
          )}
          <div className="time-toggle" role="group" aria-label="time zone">
            <button type="button" aria-pressed={time === 'utc'} onClick={() => setTime('utc')}>
              UTC
            </button>
            <button type="button" aria-pressed={time === 'local'} onClick={() => setTime('local')}>
              Local
            </button>
          </div>
          <button type="button" className="help-btn" onClick={() => setSheet(true)} aria-label="keyboard shortcuts">
            ?
          </button>
        </header>
        <div className="body">
          <nav className="sidebar" aria-label="views">
            <a href="#/" className={route.view === 'start' ? 'active' : ''}>
              Start
            </a>
            {libraries.map((l) => (
              <a
                key={l.id}
                href={href({ view: 'library', lib: l.id })}
                className={(route.view === 'library' || route.view === 'hunt') && route.lib === l.id ? 'active' : ''}
                title={l.label}
              >
                Library
              </a>
            ))}
            {/* The sidebar leads to each view's own start (the trace list, the whole session), whatever is shown now. */}
            {ev &&
              NAV_VIEWS.map((n) => (
                <a
                  key={n.view}
                  href={href(viewRoute(n.view, ev, { view: 'start' }))}
                  className={
                    route.view === n.view || (n.view === 'tables' && (route.view === 'row' || route.view === 'event')) ? 'active' : ''
                  }
                >
                  {n.label}
                </a>
              ))}
            <a href={href({ view: 'compare', a: null, b: null })} className={route.view === 'compare' ? 'active' : ''}>
              Compare
            </a>
          </nav>
          <main className="content">
            <Suspense fallback={<ViewLoading />}>
              <WalOnlyScope ev={ev}>
                <CaseTagsScope ev={ev}>
                  <View route={route} dropping={dropping} dropError={dropError} onPick={openUploads} />
                </CaseTagsScope>
              </WalOnlyScope>
            </Suspense>
          </main>
        </div>
        {sheet && <ShortcutSheet onClose={() => setSheet(false)} />}
      </div>
    </AppContext.Provider>
  );
}

function View(props: { route: Route; dropping: boolean; dropError: Failure | null; onPick: (collected: Collected) => void }) {
  const r = props.route;
  switch (r.view) {
    case 'start':
      return <StartView dropping={props.dropping} dropError={props.dropError} onPick={props.onPick} />;
    case 'overview':
      return <OverviewView key={r.ev} ev={r.ev} />;
    case 'tables':
      return <TablesView ev={r.ev} table={r.table} sort={r.sort} filters={r.filters} />;
    case 'row':
      return <EventView ev={r.ev} target={{ table: r.table, rowid: r.rowid }} body={r.body} mode={r.mode} />;
    case 'event':
      return <EventView ev={r.ev} target={{ eventId: r.eventId }} body={r.body} mode={r.mode} {...(r.at ? { at: r.at } : {})} />;
    case 'integrity':
      return <IntegrityView key={r.ev} ev={r.ev} />;
    case 'sql':
      return <SqlView key={r.ev} ev={r.ev} canned={r.canned} sql={r.sql ?? null} />;
    case 'search':
      return <SearchView ev={r.ev} q={r.q} />;
    case 'graph':
      return <GraphView key={r.ev} ev={r.ev} trace={r.trace} />;
    case 'transcript':
      return <TranscriptView key={`${r.ev}\0${r.trace ?? ''}`} ev={r.ev} trace={r.trace} />;
    case 'lifecycle':
      return <LifecycleView key={r.ev} ev={r.ev} filters={r.filters} />;
    case 'files':
      return <FilesView key={r.ev} ev={r.ev} persistOnly={r.persistOnly} />;
    case 'egress':
      return <EgressView key={r.ev} ev={r.ev} />;
    case 'decisions':
      return <DecisionsView key={r.ev} ev={r.ev} event={r.event} />;
    case 'file-history':
      return <FileHistoryView key={r.ev} ev={r.ev} path={r.path} />;
    case 'case':
      return <CaseView key={r.ev} ev={r.ev} tag={r.tag} />;
    case 'library':
      return <LibraryView key={r.lib} lib={r.lib} />;
    case 'hunt':
      return <HuntView key={r.lib} lib={r.lib} />;
    case 'compare':
      return <CompareView a={r.a} b={r.b} />;
  }
}

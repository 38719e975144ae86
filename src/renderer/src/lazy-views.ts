/**
 * Views other than the first ones a user sees (Start, Overview, Tables) load on demand: with them and recharts in
 * the entry chunk the renderer was one ~860 kB script, and on a busy machine parsing it alone took a second before
 * the first view could paint. Each of these is its own chunk, fetched from the same origin when first shown.
 */
import { lazy } from 'react';
import { prefetchedView } from './prefetched-view.js';
import { VIEW_LOADING_ATTR } from './view-loading.js';

export const EventView = lazy(() => import('./views/EventView.js').then((m) => ({ default: m.EventView })));
export const IntegrityView = lazy(() => import('./views/IntegrityView.js').then((m) => ({ default: m.IntegrityView })));
export const SearchView = lazy(() => import('./views/SearchView.js').then((m) => ({ default: m.SearchView })));
export const SqlView = lazy(() => import('./views/SqlView.js').then((m) => ({ default: m.SqlView })));
export const CompareView = lazy(() => import('./views/compare/CompareView.js').then((m) => ({ default: m.CompareView })));
export const LibraryView = lazy(() => import('./views/library/LibraryView.js').then((m) => ({ default: m.LibraryView })));
export const HuntView = lazy(() => import('./views/hunt/HuntView.js').then((m) => ({ default: m.HuntView })));
export const FilesView = lazy(() => import('./views/files/FilesView.js').then((m) => ({ default: m.FilesView })));
export const EgressView = lazy(() => import('./views/egress/EgressView.js').then((m) => ({ default: m.EgressView })));
export const CaseView = lazy(() => import('./views/case/CaseView.js').then((m) => ({ default: m.CaseView })));
export const DecisionsView = lazy(() => import('./views/decisions/DecisionsView.js').then((m) => ({ default: m.DecisionsView })));
export const FileHistoryView = lazy(() => import('./views/file-history/FileHistoryView.js').then((m) => ({ default: m.FileHistoryView })));
// The graph's and the transcript's chunks are the ones a user goes to next from the trace list; their loaders are
// shared with prefetchLikelyViews so a prefetch and the view's first render await the very same import, and once
// that is in they render without suspending (prefetched-view.ts).
const graph = prefetchedView(
  () => import('./views/graph/GraphView.js'),
  (m) => m.GraphView,
);
const transcript = prefetchedView(
  () => import('./views/transcript/TranscriptView.js'),
  (m) => m.TranscriptView,
);

export const GraphView = graph.View;
export const LifecycleView = lazy(() => import('./views/lifecycle/LifecycleView.js').then((m) => ({ default: m.LifecycleView })));
export const TranscriptView = transcript.View;

type Idle = (cb: () => void) => void;
const whenIdle: Idle =
  typeof window.requestIdleCallback === 'function' ? (cb) => window.requestIdleCallback(cb) : (cb) => window.setTimeout(cb, 200);

/**
 * Fetches and compiles the graph's and the transcript's chunks once the first view is painted and the page is idle,
 * so the first navigation to either waits on its data only: on the 1M ledger the transcript's first navigation in a
 * fresh page was ~150-300 ms slower than the next ones, the chunk's download and compile. Never before the first
 * view: two frames after mounting (one has been presented), then idle time with no view still loading.
 */
export function prefetchLikelyViews(): void {
  const attempt = (): void => {
    if (document.querySelector(`[${VIEW_LOADING_ATTR}]`)) return whenIdle(attempt);
    // A failed prefetch is no error of the app's: the view's own import will try again and report it.
    graph.prefetch().catch(() => undefined);
    transcript.prefetch().catch(() => undefined);
  };
  requestAnimationFrame(() => requestAnimationFrame(() => whenIdle(attempt)));
}

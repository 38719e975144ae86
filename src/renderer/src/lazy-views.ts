/**
 * Views other than the first ones a user sees (Start, Overview, Tables) load on demand: with them and recharts in
 * the entry chunk the renderer was one ~860 kB script, and on a busy machine parsing it alone took a second before
 * the first view could paint. Each of these is its own chunk, fetched from the same origin when first shown.
 */
import { lazy } from 'react';

export const EventView = lazy(() => import('./views/EventView.js').then((m) => ({ default: m.EventView })));
export const IntegrityView = lazy(() => import('./views/IntegrityView.js').then((m) => ({ default: m.IntegrityView })));
export const SearchView = lazy(() => import('./views/SearchView.js').then((m) => ({ default: m.SearchView })));
export const SqlView = lazy(() => import('./views/SqlView.js').then((m) => ({ default: m.SqlView })));
export const CompareView = lazy(() => import('./views/compare/CompareView.js').then((m) => ({ default: m.CompareView })));
export const LibraryView = lazy(() => import('./views/library/LibraryView.js').then((m) => ({ default: m.LibraryView })));
export const FilesView = lazy(() => import('./views/files/FilesView.js').then((m) => ({ default: m.FilesView })));
export const GraphView = lazy(() => import('./views/graph/GraphView.js').then((m) => ({ default: m.GraphView })));
export const LifecycleView = lazy(() => import('./views/lifecycle/LifecycleView.js').then((m) => ({ default: m.LifecycleView })));
export const TranscriptView = lazy(() => import('./views/transcript/TranscriptView.js').then((m) => ({ default: m.TranscriptView })));

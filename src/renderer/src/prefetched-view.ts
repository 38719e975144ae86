/**
 * A lazily loaded view that never suspends: once its chunk is in (prefetched) it renders at once, and while the
 * import is in flight it shows a placeholder and renders when the import lands. React.lazy suspends on its first
 * render even when the import has long resolved (it only learns so a microtask later), and a suspended navigation
 * shows App's fallback and then holds the view back by React's fallback throttle: ~190 ms of an idle main thread
 * on the transcript's first navigation from the trace list, before it even asked for its first page.
 */
import type { ComponentType } from 'react';
import { createElement, useEffect, useState } from 'react';
import { ViewLoading } from './view-loading.js';

export interface PrefetchedView<P extends object> {
  readonly View: ComponentType<P>;
  /** Starts (or joins) the chunk's import. */
  prefetch(): Promise<unknown>;
}

export function prefetchedView<M, P extends object>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>): PrefetchedView<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const prefetch = (): Promise<ComponentType<P>> =>
    (loading ??= load().then(
      (m) => (loaded = pick(m)),
      (e: unknown) => {
        // A failed import is tried again by the next render or prefetch.
        loading = null;
        throw e;
      },
    ));
  function View(props: P) {
    // Not React.lazy: a navigation that meets the import still in flight (a click right after the trace list
    // painted) would suspend and then wait out React's fallback throttle; here the view shows its placeholder
    // and renders the moment the chunk is in. A failed import is thrown to the error boundary, as lazy does.
    const [state, setState] = useState<{ view: ComponentType<P> | null; error?: unknown }>(() => ({ view: loaded }));
    useEffect(() => {
      if (state.view) return;
      let live = true;
      prefetch().then(
        (view) => live && setState({ view }),
        (error: unknown) => live && setState({ view: null, error }),
      );
      return () => {
        live = false;
      };
      // eslint-disable-next-line react-hooks/exhaustive-deps -- the view is prefetched once per mount
    }, []);
    if (state.error !== undefined) throw state.error;
    return state.view ? createElement(state.view, props) : createElement(ViewLoading);
  }
  return { View, prefetch };
}

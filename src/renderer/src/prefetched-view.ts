/**
 * A lazily loaded view that, once its chunk is in (prefetched), renders without suspending. React.lazy suspends on
 * its first render even when the import has long resolved (it only learns so a microtask later), and a suspended
 * navigation shows App's fallback and then holds the view back by React's fallback throttle: ~190 ms of an idle
 * main thread on the transcript's first navigation from the trace list, before it even asked for its first page.
 */
import type { ComponentType } from 'react';
import { createElement, lazy, useState } from 'react';

export interface PrefetchedView<P extends object> {
  readonly View: ComponentType<P>;
  /** Starts (or joins) the chunk's import. */
  prefetch(): Promise<unknown>;
}

export function prefetchedView<M, P extends object>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>): PrefetchedView<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const prefetch = (): Promise<{ default: ComponentType<P> }> =>
    (loading ??= load().then(
      (m) => ({ default: (loaded = pick(m)) }),
      (e: unknown) => {
        // A failed import is tried again by the next render or prefetch.
        loading = null;
        throw e;
      },
    ));
  const Lazy = lazy(prefetch);
  function View(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component would remount the view.
    const [Direct] = useState(() => loaded);
    return createElement(Direct ?? Lazy, props);
  }
  return { View, prefetch };
}

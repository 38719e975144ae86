/**
 * What stands in for a view whose code is still loading: App's Suspense fallback and a prefetched view's own
 * placeholder are the same element, and its attribute tells a prefetch that the first view is not painted yet.
 */
export const VIEW_LOADING_ATTR = 'data-view-loading';

export function ViewLoading() {
  return (
    <p className="hint" {...{ [VIEW_LOADING_ATTR]: '' }}>
      Loading view…
    </p>
  );
}

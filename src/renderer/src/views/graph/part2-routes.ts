/** Hash routes of the identity graph, tool lifecycle and file activity views (router.ts delegates to these). */
import type { LifecycleFilters } from '../../../../shared/contract/lifecycle.js';

export type Part2Route =
  | { readonly view: 'graph'; readonly ev: string; readonly trace: string | null }
  | { readonly view: 'lifecycle'; readonly ev: string; readonly filters: LifecycleFilters }
  | { readonly view: 'files'; readonly ev: string; readonly persistOnly: boolean };

export const PART2_VIEWS = ['graph', 'lifecycle', 'files'] as const;

const enc = encodeURIComponent;

export function part2Href(r: Part2Route): string {
  switch (r.view) {
    case 'graph':
      return `#/e/${enc(r.ev)}/graph${r.trace ? `/${enc(r.trace)}` : ''}`;
    case 'lifecycle': {
      const q = new URLSearchParams();
      for (const k of ['origin', 'status', 'decision', 'tool', 'trace', 'turn'] as const)
        if (r.filters[k] !== undefined) q.set(k, r.filters[k]!);
      if (r.filters.flaggedOnly) q.set('flagged', '1');
      const s = q.toString();
      return `#/e/${enc(r.ev)}/lifecycle${s ? `?${s}` : ''}`;
    }
    case 'files':
      return `#/e/${enc(r.ev)}/files${r.persistOnly ? '?persist=1' : ''}`;
  }
}

/** `parts` are the decoded path segments after `#/e/<ev>/`; null when the view is not one of these. */
export function parsePart2(view: string | undefined, ev: string, rest: readonly string[], q: URLSearchParams): Part2Route | null {
  switch (view) {
    case 'graph':
      return { view: 'graph', ev, trace: rest[0] ?? null };
    case 'lifecycle': {
      const filters: { -readonly [K in keyof LifecycleFilters]: LifecycleFilters[K] } = {};
      for (const k of ['origin', 'status', 'decision', 'tool', 'trace', 'turn'] as const) {
        const v = q.get(k);
        if (v !== null) filters[k] = v;
      }
      if (q.get('flagged') === '1') filters.flaggedOnly = true;
      return { view: 'lifecycle', ev, filters };
    }
    case 'files':
      return { view: 'files', ev, persistOnly: q.get('persist') === '1' };
    default:
      return null;
  }
}

/**
 * j / k in a list of links (traces, paths, search hits): move the focus to the next or previous item's first
 * link, which the browser then opens on Enter as it would any focused link. Items are found in the DOM under
 * `ref` by `itemSelector`, so the list needs no index state of its own.
 */
import type { RefObject } from 'react';
import { useCallback } from 'react';
import type { RowNav } from '../app-context.js';
import { useRowNav } from '../app-context.js';

export function useListKeys(ref: RefObject<HTMLElement | null>, itemSelector: string): void {
  const onNav = useCallback(
    (nav: RowNav) => {
      const root = ref.current;
      if (!root || nav === 'open') return;
      const items = [...root.querySelectorAll<HTMLElement>(itemSelector)];
      if (items.length === 0) return;
      const at = items.findIndex((el) => el.contains(document.activeElement));
      const next =
        at < 0 ? (nav === 'next' ? 0 : items.length - 1) : Math.max(0, Math.min(items.length - 1, at + (nav === 'next' ? 1 : -1)));
      const target = items[next]!.matches('a[href]') ? items[next]! : items[next]!.querySelector<HTMLElement>('a[href]');
      target?.focus();
      target?.scrollIntoView({ block: 'nearest' });
    },
    [ref, itemSelector],
  );
  useRowNav(onNav);
}

/**
 * An id shown as a real link: its href is the target's route (copyable, opens in a new window, read by assistive
 * tools). Inside a view with a side pane, a plain click shows the target in the pane and the list stays.
 */
import type { MouseEvent, ReactNode } from 'react';
import type { Cell } from '../../../shared/contract.js';
import { usePaneHost } from '../pane/pane-host.js';
import { visibleText } from '../components/visible-text.js';
import type { IdContext } from './id-routes.js';
import { idTarget } from './id-routes.js';

/** A plain left click (no modifier): anything else is the browser's (new tab, new window, copy). */
export function plainClick(e: MouseEvent): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

export function IdLink(props: {
  ev: string;
  column: string;
  value: Cell | undefined;
  ctx?: IdContext;
  children?: ReactNode;
  className?: string;
}) {
  const host = usePaneHost();
  const t = idTarget(props.ev, props.column, props.value, props.ctx);
  const shown = props.children ?? visibleText(String(props.value ?? ''));
  if (!t) return <>{shown}</>;
  const onClick = (e: MouseEvent<HTMLAnchorElement>): void => {
    if (!host || !t.sel || !plainClick(e)) return;
    e.preventDefault();
    host.select(t.sel);
  };
  return (
    <a
      className={props.className ? `id-link ${props.className}` : 'id-link'}
      href={t.href}
      title={t.title}
      data-id-column={props.column}
      onClick={onClick}
    >
      {shown}
    </a>
  );
}

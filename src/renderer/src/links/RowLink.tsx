/** A link to one row: href = the row's full view; in a view with a side pane, a plain click shows it there. */
import type { MouseEvent, ReactNode } from 'react';
import type { BodyMode, BodyRef } from '../router.js';
import { href } from '../router.js';
import { usePaneHost } from '../pane/pane-host.js';
import { plainClick } from './IdLink.js';

export function RowLink(props: {
  ev: string;
  table: string;
  rowid: number;
  body?: BodyRef | null;
  mode?: BodyMode;
  children: ReactNode;
  className?: string;
  role?: string;
  selected?: boolean;
}) {
  const host = usePaneHost();
  const body = props.body ?? null;
  const onClick = (e: MouseEvent<HTMLAnchorElement>): void => {
    if (!host || !plainClick(e)) return;
    e.preventDefault();
    host.select({ kind: 'row', table: props.table, rowid: props.rowid }, body, props.mode ?? null);
  };
  return (
    <a
      className={props.className}
      role={props.role}
      aria-selected={props.selected}
      href={href({ view: 'row', ev: props.ev, table: props.table, rowid: props.rowid, body, mode: props.mode ?? 'text' })}
      data-row-link={`${props.table}/${props.rowid}`}
      onClick={onClick}
    >
      {props.children}
    </a>
  );
}

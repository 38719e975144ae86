/**
 * A path shown as a link to its history in the File history view. It always leaves the current view (a history is a
 * page, not a pane item), so it is a plain link: copyable, opens in a new window. The path is ledger text, shown
 * through visibleText unless the caller draws it.
 */
import type { ReactNode } from 'react';
import { visibleText } from '../components/visible-text.js';
import { href } from '../router.js';

export function FileHistoryLink(props: { ev: string; path: string; children?: ReactNode; className?: string }) {
  return (
    <a
      className={props.className}
      href={href({ view: 'file-history', ev: props.ev, path: props.path })}
      title="this path's history: every change and its cause"
      data-file-history-link={props.path}
    >
      {props.children ?? visibleText(props.path)}
    </a>
  );
}

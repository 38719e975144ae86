/**
 * The views a piece of evidence has, in sidebar order, with the key that goes there after `g`. App.tsx binds
 * the keys and draws the sidebar from this table; the shortcut sheet lists it, so the two cannot drift apart.
 * (Library and Compare have no evidence of their own and no key: they are reached from the sidebar.)
 */
import type { Route } from './router.js';

export interface NavView {
  readonly view: Route['view'];
  readonly label: string;
  /** Pressed within a second after `g`. */
  readonly key: string;
}

export const NAV_VIEWS: readonly NavView[] = [
  { view: 'overview', label: 'Overview', key: 'o' },
  { view: 'tables', label: 'Tables', key: 't' },
  { view: 'integrity', label: 'Integrity', key: 'i' },
  { view: 'sql', label: 'SQL', key: 's' },
  { view: 'search', label: 'Search', key: 'f' },
  { view: 'graph', label: 'Identity graph', key: 'r' },
  { view: 'transcript', label: 'Transcript', key: 'x' },
  { view: 'lifecycle', label: 'Tool lifecycles', key: 'l' },
  { view: 'files', label: 'File activity', key: 'a' },
  { view: 'file-history', label: 'File history', key: 'h' },
  { view: 'egress', label: 'Egress', key: 'e' },
  { view: 'decisions', label: 'Decisions', key: 'd' },
  { view: 'case', label: 'Case', key: 'c' },
];

/** The keyboard sheet's rows: [keys, what they do]. */
export const SHORTCUTS: readonly (readonly [string, string])[] = [
  ['?', 'show or hide this sheet'],
  ['/', 'focus the search box'],
  ['j / k', 'next / previous row'],
  ['Enter', 'open the selected row'],
  ...NAV_VIEWS.map((n) => [`g ${n.key}`, `go to ${n.label}`] as const),
  ['Ctrl+Enter', 'run the SQL query'],
  ['Esc', 'close this sheet'],
];

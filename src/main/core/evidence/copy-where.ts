/**
 * Which copy of a session a ledger was read from, in words the page may show: the folder's last two names (its parent
 * tells two copies of one session apart) for a path, and never a drop's private upload folder. The start list, the
 * compare picker and compare's side cards name copies alike.
 */
import { basename, dirname, sep } from 'node:path';

export function copyWhere(dir: string, origin: 'path' | 'sample' | 'dropped'): string {
  if (origin === 'dropped') return 'dropped files';
  if (origin === 'sample') return 'the bundled sample';
  return `…${sep}${basename(dirname(dir))}${sep}${basename(dir)}`;
}

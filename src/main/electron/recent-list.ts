/**
 * Open Recent: the last opened path sets, newest first, kept in the app's own settings folder (never beside the
 * evidence). Pure list operations plus a tiny JSON store whose file access is injected.
 */
import { basename, dirname, isAbsolute } from 'node:path';
import type { RecentEntry } from './menu-commands.js';

export const MAX_RECENT = 10;

export function recentLabel(paths: readonly string[]): string {
  const first = paths[0] ?? '';
  const name = basename(first);
  // A session's files are labelled by their folder: the session id.
  const shown = /\.(db|bodies)$/.test(name) ? `${basename(dirname(first))} (${paths.map((p) => basename(p)).join(' + ')})` : name;
  return `${shown} — ${dirname(first)}`;
}

function samePaths(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((p, i) => p === b[i]);
}

export function addRecent(list: readonly RecentEntry[], paths: readonly string[]): RecentEntry[] {
  const entry: RecentEntry = { label: recentLabel(paths), paths: [...paths] };
  return [entry, ...list.filter((e) => !samePaths(e.paths, paths))].slice(0, MAX_RECENT);
}

/** Reads what a previous run stored; anything malformed is dropped rather than trusted. */
export function parseRecent(text: string | null): RecentEntry[] {
  if (!text) return [];
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const entries: RecentEntry[] = [];
  for (const item of data.slice(0, MAX_RECENT)) {
    const paths = (item as { paths?: unknown } | null)?.paths;
    if (Array.isArray(paths) && paths.length > 0 && paths.length <= 2 && paths.every((p) => typeof p === 'string' && isAbsolute(p))) {
      entries.push({ label: recentLabel(paths as string[]), paths: paths as string[] });
    }
  }
  return entries;
}

export function serializeRecent(list: readonly RecentEntry[]): string {
  return JSON.stringify(list.map((e) => ({ paths: e.paths })));
}

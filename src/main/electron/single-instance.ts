/**
 * One running app. A second launch (double-click on another session, `capsem-inspector x y` in a shell) hands its
 * paths to the first instance and quits. The paths travel as the lock's additionalData, already parsed and made
 * absolute by the second instance; its argv is the fallback, because Chromium may reorder or add switches there.
 */
import type { App } from 'electron';
import type { ArgvContext } from './argv-paths.js';
import { pathsFromArgv } from './argv-paths.js';

export interface HandOff {
  readonly paths: readonly string[];
}

/** The most paths one hand-off may carry (a Finder multi-select is far below this). */
export const MAX_HANDOFF_PATHS = 256;

export function readHandOff(data: unknown): string[] | null {
  if (data === null || typeof data !== 'object' || !('paths' in data)) return null;
  const paths = (data as { paths: unknown }).paths;
  if (!Array.isArray(paths) || paths.length > MAX_HANDOFF_PATHS) return null;
  if (!paths.every((p): p is string => typeof p === 'string' && p.length > 0 && p.length <= 4096)) return null;
  return paths;
}

type LockingApp = Pick<App, 'requestSingleInstanceLock' | 'quit' | 'on'> & { readonly isPackaged: boolean };

/**
 * Takes the lock, or hands `ownPaths` to the instance holding it and quits (returns false).
 * `onPaths` receives each later instance's paths (possibly none: then the caller just shows a window).
 */
export function claimSingleInstance(app: LockingApp, ownPaths: readonly string[], onPaths: (paths: string[]) => void): boolean {
  const handOff: HandOff = { paths: [...ownPaths] };
  if (!app.requestSingleInstanceLock(handOff as unknown as Record<string, unknown>)) {
    app.quit();
    return false;
  }
  app.on('second-instance', (_event, argv, workingDirectory, additionalData) => {
    const context: ArgvContext = { isPackaged: app.isPackaged, cwd: workingDirectory };
    onPaths(readHandOff(additionalData) ?? pathsFromArgv(argv, context));
  });
  return true;
}

/**
 * Where the notable set is kept when none is named: the desktop app's own data folder (Electron's userData), so the
 * CLI and the app share one set per user. That folder is the user's, never an evidence folder. Worked out here from
 * the environment as Electron does, because the CLI runs without Electron.
 */
import { join } from 'node:path';

/** The file's name in that folder, beside the desktop's case file. */
export const NOTABLE_FILE_NAME = 'notable.capsem-notable';
/** The desktop app's name (app.setName), which names its data folder. */
export const DESKTOP_APP_NAME = 'Capsem Ledger Inspector';

/** Electron's appData: %APPDATA% on Windows, ~/Library/Application Support on macOS, $XDG_CONFIG_HOME or ~/.config. */
function appDataFolder(env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform): string | null {
  if (platform === 'win32') return env.APPDATA || null;
  const home = env.HOME;
  if (!home) return null;
  if (platform === 'darwin') return join(home, 'Library', 'Application Support');
  return env.XDG_CONFIG_HOME || join(home, '.config');
}

/** The default notable set's path, or null when the environment names no home to keep it in. */
export function defaultNotablePath(
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform = process.platform,
): string | null {
  const appData = appDataFolder(env, platform);
  return appData === null ? null : join(appData, DESKTOP_APP_NAME, NOTABLE_FILE_NAME);
}

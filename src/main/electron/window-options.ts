/**
 * The one factory for BrowserWindow options, so every window gets the same locked-down web preferences (ELE-1).
 */
import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';

export const LOCKED_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInSubFrames: false,
  nodeIntegrationInWorker: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
  navigateOnDragDrop: false,
  safeDialogs: true,
  spellcheck: false,
  // Chromium's own PDF viewer and plugins would be another renderer surface for attacker bytes.
  plugins: false,
} as const satisfies WebPreferences;

export interface WindowOptionsInput {
  /** Absolute path of the built preload script. */
  readonly preloadPath: string;
  readonly title: string;
  readonly platform: NodeJS.Platform;
  /** Window icon (Linux/Windows; macOS takes it from the bundle). */
  readonly iconPath?: string;
}

export function windowOptions(input: WindowOptionsInput): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 800,
    minWidth: 880,
    minHeight: 560,
    title: input.title,
    // Shown on ready-to-show, so a window never flashes white before the app paints.
    show: false,
    backgroundColor: '#15171a',
    ...(input.iconPath && input.platform !== 'darwin' ? { icon: input.iconPath } : {}),
    webPreferences: { ...LOCKED_WEB_PREFERENCES, preload: input.preloadPath },
  };
}

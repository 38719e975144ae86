/** Everything a menu item can ask for. The menu template is a pure function of state; these are its outputs. */
import type { AppViewId } from './app-views.js';

export type TimeZoneMode = 'utc' | 'local';

export type MenuCommand =
  | { readonly kind: 'open-folder' }
  | { readonly kind: 'open-files' }
  | { readonly kind: 'open-recent'; readonly index: number }
  | { readonly kind: 'clear-recent' }
  | { readonly kind: 'open-sample' }
  | { readonly kind: 'close-window' }
  | { readonly kind: 'export-warc' }
  | { readonly kind: 'cancel-export' }
  | { readonly kind: 'save-transcript' }
  | { readonly kind: 'export-case' }
  | { readonly kind: 'verify-all' }
  | { readonly kind: 'reveal-evidence' }
  | { readonly kind: 'navigate'; readonly view: AppViewId }
  | { readonly kind: 'time-zone'; readonly zone: TimeZoneMode }
  | { readonly kind: 'shortcuts' }
  | { readonly kind: 'about' };

export interface RecentEntry {
  /** What the menu shows (session id and folder). */
  readonly label: string;
  readonly paths: readonly string[];
}

export interface MenuState {
  readonly platform: NodeJS.Platform;
  readonly appName: string;
  /** The focused window shows a session (Export, Verify, Reveal need one). */
  readonly hasEvidence: boolean;
  /** A host ledger is open as a library (the View menu's Library goes to the one opened last). */
  readonly hasLibrary: boolean;
  /** The focused window's evidence came from a real folder on disk (Reveal needs it; dropped uploads have none). */
  readonly canReveal: boolean;
  readonly exportRunning: boolean;
  readonly verifyRunning: boolean;
  readonly recent: readonly RecentEntry[];
  readonly timeZone: TimeZoneMode;
  /** From source: DevTools and reload are offered. */
  readonly isDev: boolean;
}

/**
 * The Electron objects the desktop app uses, passed in as one bundle: only index.ts imports 'electron' at run
 * time, so every other module here loads in plain Node.
 */
import type { App, BrowserWindow, Dialog, IpcMain, Menu, Protocol, Session, Shell } from 'electron';

export interface ElectronModules {
  readonly app: App;
  readonly BrowserWindow: typeof BrowserWindow;
  readonly Menu: typeof Menu;
  readonly dialog: Dialog;
  readonly shell: Shell;
  readonly protocol: Protocol;
  readonly ipcMain: IpcMain;
  defaultSession(): Session;
}

/** Where the built pieces are (out/main, out/preload, out/renderer under the app path). */
export interface AppLayout {
  readonly preloadPath: string;
  readonly rendererDir: string;
  readonly iconPath?: string;
}

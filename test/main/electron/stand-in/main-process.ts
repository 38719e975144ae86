/**
 * A stand-in for Electron's main-process modules, for running the BUILT main bundle (out/main/index.js) under Node:
 * windows are pages of Debian's Chromium (playwright-core), the app scheme is served through the handler the glue
 * registers, IPC crosses with structured-clone copies and the glue's sender checks, the single-instance lock is a
 * lock file with a hand-off folder, and utilityProcess.fork is a Node child with an Electron-like parentPort.
 *
 * Every object implements a Pick<> of Electron's own type (electron.d.ts), so a member with the wrong shape is a type
 * error; each is wrapped in a Proxy that throws on any member it lacks, so a use the stand-in does not provide fails
 * the run loudly instead of reading `undefined`. The test drives it over the process's IPC channel (control.ts).
 */
export { app, appImpl, protocol, shutDown } from './app.js';
export { session } from './browser.js';
export { BrowserWindow, ipcMain, StandInWindow, windowList } from './windows.js';
export { dialog, Menu, menu, shell } from './dialogs.js';
export { utilityProcess } from './utility-process.js';
export { answers, record, toAppUrl } from './record.js';

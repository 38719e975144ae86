// What `import { app, ... } from 'electron'` gets in the bundle: the stand-in's objects. A name the bundle imports
// that is not here fails to link, so the bundle cannot use an Electron module the stand-in does not provide.
const standIn = globalThis.__capsemElectronStandIn;
export const { app, BrowserWindow, dialog, ipcMain, Menu, protocol, session, shell, utilityProcess } = standIn;
export default standIn;

/**
 * The sandboxed preload: exposes `window.capsem` (see bridge.ts) and nothing else. No raw ipcRenderer, no Node.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { buildBridge } from './bridge.js';

type DomFile = Parameters<typeof webUtils.getPathForFile>[0];

const bridge = buildBridge(
  {
    invoke: (channel, arg) => ipcRenderer.invoke(channel, arg),
    on: (channel, listener) => void ipcRenderer.on(channel, listener),
    removeListener: (channel, listener) => void ipcRenderer.removeListener(channel, listener),
  },
  (file) => webUtils.getPathForFile(file as unknown as DomFile),
);

contextBridge.exposeInMainWorld('capsem', bridge);

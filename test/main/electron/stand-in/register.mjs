// `node --import <this> out/main/index.js`: runs the built main bundle with the Electron stand-in as its
// `electron`. Worker threads inherit --import, so in a worker this only reports which file the worker runs (the
// stand-in's main thread lists them: the desktop-flow test asserts verification ran in out/main/verify-worker.js).
import { register } from 'node:module';
import { BroadcastChannel, isMainThread } from 'node:worker_threads';

export const WORKER_CHANNEL = 'capsem-stand-in-workers';

if (isMainThread) {
  // The stand-in is TypeScript (typed against electron.d.ts); tsx compiles it and only it (a namespace keeps tsx's
  // loader away from the bundle, which must run as the plain JavaScript electron-vite wrote).
  const { register: registerTsx } = await import('tsx/esm/api');
  const tsx = registerTsx({ namespace: 'capsem-electron-stand-in' });
  const control = await tsx.import('./control-server.ts', import.meta.url);
  globalThis.__capsemElectronStandIn = control.standIn;
  control.listen();
  register('./electron-hooks.mjs', import.meta.url);
} else {
  const channel = new BroadcastChannel(WORKER_CHANNEL);
  channel.postMessage(process.argv[1] ?? '');
  channel.close();
}

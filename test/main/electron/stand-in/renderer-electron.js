// Page side of the Electron stand-in (main-process.ts adds it to every window as an init script, the built preload
// pasted in at PRELOAD). It gives the preload what Electron's sandboxed preload gets and nothing more: `require`
// answers 'electron' only (Electron's sandbox also offers events, timers and url; our preload must need none of
// them), there is no `process`, and it runs once, in the main frame. What the preload sees of 'electron':
//   ipcRenderer: invoke / on / removeListener
//   contextBridge.exposeInMainWorld: a frozen copy whose functions copy their arguments and results (structured
//     clone, as the bridge does); functions passed in (listeners) cross as functions
//   webUtils.getPathForFile: the path of a file the stand-in itself dropped (it names them before the drop)
// Not emulated: the isolated world. The preload runs in the page's own world here, so this proves what the preload
// exposes and how it calls main, not that the page cannot reach ipcRenderer (Electron's context isolation does that).
(() => {
  if (window.top !== window) return;
  const invokeMain = window.__capsemStandInInvoke;
  const listeners = new Map();
  const droppedPaths = new Map();
  window.__capsemStandInDropping = (entries) => {
    for (const [name, path] of entries) droppedPaths.set(name, path);
  };
  window.__capsemStandInDeliver = (channel, args) => {
    for (const listener of listeners.get(channel) ?? []) listener({ sender: ipcRenderer, ports: [] }, ...args);
  };
  const ipcRenderer = {
    // Arguments are serialized with the structured clone algorithm: a function or a DOM node throws here, as in Electron.
    invoke: (channel, ...args) => invokeMain(channel, structuredClone(args)),
    on(channel, listener) {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel).add(listener);
      return ipcRenderer;
    },
    removeListener(channel, listener) {
      listeners.get(channel)?.delete(listener);
      return ipcRenderer;
    },
  };
  const copy = (value) => (typeof value === 'function' ? value : structuredClone(value));
  const bridged = (fn) =>
    function (...args) {
      const out = fn(...args.map(copy));
      return out instanceof Promise ? out.then(copy) : copy(out);
    };
  const contextBridge = {
    exposeInMainWorld(key, api) {
      if (key in window) throw new Error(`Cannot bind an API on top of an existing property on the window object: ${key}`);
      const exposed = {};
      for (const [name, value] of Object.entries(api)) exposed[name] = typeof value === 'function' ? bridged(value) : copy(value);
      Object.defineProperty(window, key, { value: Object.freeze(exposed), enumerable: true });
    },
  };
  const webUtils = { getPathForFile: (file) => droppedPaths.get(file.name) ?? '' };
  const electron = Object.freeze({ ipcRenderer, contextBridge, webUtils });
  const require = (id) => {
    if (id === 'electron') return electron;
    throw new Error(`module not found: ${id} (a sandboxed preload can require only 'electron')`);
  };
  const module = { exports: {} };
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the preload's CommonJS scope
  (function (require, module, exports) {
    /* PRELOAD */
  })(require, module, module.exports);
})();

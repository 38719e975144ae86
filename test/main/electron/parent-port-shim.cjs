// Preloaded into a forked Node child by fake-utility-process.ts: gives it an Electron-like `process.parentPort`.
// Messages through the port are wrapped ({ viaPort } out, { toPort } in), so a child that used process.send or
// process.on('message') directly instead of the port would be heard by nobody, and the test would fail.
process.parentPort = {
  on(event, listener) {
    if (event === 'message')
      process.on('message', (m) => m && typeof m === 'object' && 'toPort' in m && listener({ data: m.toPort, ports: [] }));
    return this;
  },
  postMessage(message) {
    process.send({ viaPort: message });
  },
};

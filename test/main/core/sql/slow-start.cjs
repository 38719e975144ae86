// Preloaded into the SQL console's child by sql-runner-startup.test.ts: blocks start-up for SLOW_START_MS (default
// 1500 ms), as a cold start on a loaded machine would, before the child can say `ready`.
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(process.env.SLOW_START_MS ?? 1500));

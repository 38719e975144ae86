// Test-only worker: lowers its own thread's priority through the app's helper and reports the niceness the kernel
// now holds for this thread and for the process's main thread.
import { readFileSync } from 'node:fs';
import { Worker, parentPort } from 'node:worker_threads';
import { lowerThisThreadPriority } from '../../../../src/main/core/workers/background-priority.js';

/** Field 19 of a /proc stat line (niceness); the command name in parentheses may hold spaces. */
const niceOf = (statPath: string): number => {
  const line = readFileSync(statPath, 'utf8');
  return Number(line.slice(line.lastIndexOf(')') + 2).split(' ')[16]);
};

const outcome = lowerThisThreadPriority();
// A thread started after the call, as the export worker starts its gzip pool.
const child = new Worker(
  "const { readFileSync } = require('node:fs'); const s = readFileSync('/proc/thread-self/stat', 'utf8');" +
    " require('node:worker_threads').parentPort.postMessage(Number(s.slice(s.lastIndexOf(')') + 2).split(' ')[16]));",
  { eval: true },
);
child.once('message', (childNice: number) => {
  void child.terminate();
  parentPort?.postMessage({
    outcome,
    thread: niceOf('/proc/thread-self/stat'),
    main: niceOf(`/proc/self/task/${process.pid}/stat`),
    child: childNice,
  });
});

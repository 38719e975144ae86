/**
 * Worker-thread entry that keeps a hash running over chunks the main thread reads into shared buffers: SHA-256 by
 * default, BLAKE3 when asked (workerData.algorithm). During a copy the user waits for, the main thread hashes BLAKE3
 * and writes the copy meanwhile: SHA-256 (~1.3 GiB/s here even with SHA-NI) was the slowest part of copying a large
 * session.db, and on its own core it overlaps everything else. Hashing that follows the first view (the copy proof,
 * the archive hash) runs both hashes here, at background priority, so the main thread only reads.
 */
import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { createBlake3Stream } from '../archive/blake3.js';
import { lowerThisThreadPriority } from '../workers/background-priority.js';
import type { MainToHashWorker, HashWorkerToMain, HashWorkerData } from './hash-protocol.js';

if (!parentPort) throw new Error('hash-worker must run in a worker thread');
const port = parentPort;
const post = (m: HashWorkerToMain): void => port.postMessage(m);
const data = (workerData ?? {}) as HashWorkerData;
if (data.background) lowerThisThreadPriority();

let buffers: Buffer[] = [];
interface RunningHash {
  update(bytes: Uint8Array): void;
  hex(): string;
}
const sha256 = (): RunningHash => {
  const h = createHash('sha256');
  return { update: (b) => void h.update(b), hex: () => h.digest('hex') };
};
// BLAKE3's stream is created asynchronously (the wasm fall-back): messages wait for it in order.
const ready: Promise<RunningHash> =
  data.algorithm === 'blake3'
    ? createBlake3Stream().then((b) => ({ update: (bytes) => b.update(bytes), hex: () => b.digestHex() }))
    : Promise.resolve(sha256());
let hash: RunningHash | null = null;
let queue: Promise<void> = ready.then((h) => {
  hash = h;
});

port.on('message', (m: MainToHashWorker) => {
  queue = queue.then(
    () => handle(m),
    (e: unknown) => post({ type: 'error', message: e instanceof Error ? e.message : String(e) }),
  );
});

function handle(m: MainToHashWorker): void {
  switch (m.type) {
    case 'buffers':
      buffers = m.buffers.map((sab) => Buffer.from(sab));
      return;
    case 'chunk': {
      const buffer = buffers[m.slot];
      if (!buffer || m.length > buffer.length) {
        post({ type: 'error', message: `chunk for slot ${m.slot} (${m.length} bytes) has no shared buffer to read` });
        return;
      }
      hash!.update(buffer.subarray(0, m.length));
      post({ type: 'ack' });
      return;
    }
    case 'digest':
      post({ type: 'digest', hex: hash!.hex() });
      port.close();
      return;
  }
}

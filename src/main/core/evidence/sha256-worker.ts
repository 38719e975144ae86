/**
 * Worker-thread entry that keeps a SHA-256 running over chunks the main thread reads into shared buffers. The main
 * thread hashes BLAKE3 and writes the copy meanwhile: SHA-256 (~1.3 GiB/s here even with SHA-NI) was the slowest
 * part of copying a large session.db, and on its own core it overlaps everything else.
 */
import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThisThreadPriority } from '../jobs/background-priority.js';
import type { MainToSha256, Sha256ToMain } from './sha256-protocol.js';

const port = parentPort;
if (!port) throw new Error('sha256-worker must run in a worker thread');
const post = (m: Sha256ToMain): void => port.postMessage(m);
if ((workerData as { background?: boolean } | null)?.background) lowerThisThreadPriority();

let buffers: Buffer[] = [];
const hash = createHash('sha256');

port.on('message', (m: MainToSha256) => {
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
      hash.update(buffer.subarray(0, m.length));
      post({ type: 'ack' });
      return;
    }
    case 'digest':
      post({ type: 'digest', hex: hash.digest('hex') });
      port.close();
      return;
  }
});

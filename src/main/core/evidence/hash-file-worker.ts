/**
 * Worker entry for one background file hash (hash-file-elsewhere.ts asks): an evidence file's SHA-256 + BLAKE3, or
 * the BLAKE3 of our scratch copy, by the same functions the open uses in process. It exists so that serve mode can
 * run the copy proof and the archive hash inside its background host (a lowered session of its own) rather than in
 * serve's session, where they took 1.4 s of CPU from the browser's first views.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { toFailure } from '../../../shared/errors.js';
import { blake3OfOwnFile, hashEvidenceFileInBackground } from './hash-copy.js';
import type { HashFileReply, HashFileRequest } from './hash-file-protocol.js';

const port = parentPort;
if (!port) throw new Error('hash-file-worker must run in a worker thread');
const request = workerData as HashFileRequest;
const post = (m: HashFileReply): void => port.postMessage(m);

async function answer(): Promise<HashFileReply> {
  if (request.op === 'evidence')
    return { type: 'evidence', hashes: await hashEvidenceFileInBackground(request.path, request.seen ?? undefined) };
  return { type: 'own', ...(await blake3OfOwnFile(request.path, undefined, true)) };
}

answer().then(post, (error: unknown) => {
  const failure = toFailure(error);
  post({ type: 'failed', code: failure.code, message: failure.message });
});

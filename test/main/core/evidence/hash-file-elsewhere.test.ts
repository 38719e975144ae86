// The follow-up's file hashes run by a worker someone else starts (serve: its background host): the same hashes and
// the same named errors as in process, a fallback to this process when the worker dies, CANCELLED on an abort.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { blake3OfOwnFile, hashEvidenceFile } from '../../../../src/main/core/evidence/hash-copy.js';
import { hashEvidenceFileElsewhere, proofReadsElsewhere } from '../../../../src/main/core/evidence/hash-file-elsewhere.js';
import { spawnWorker } from '../../../../src/main/core/workers/worker-entry-url.js';
import type { SpawnWorker, WorkerLike } from '../../../../src/main/core/workers/worker-like.js';

let root: string;
let file: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'hash-elsewhere-'));
  file = join(root, 'evidence.bin');
  writeFileSync(file, randomBytes(3 * 1024 * 1024 + 17));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Starts real worker threads, writing down what each said. */
function recording(said: string[]): SpawnWorker {
  return (url, baseName, options) =>
    spawnWorker(url, baseName, options).on('message', (m: { type: string }) => said.push(`${baseName} ${m.type}`));
}

/** A worker that dies before answering, as a relayed one does when the host goes away. */
const dying: SpawnWorker = () => {
  const w = Object.assign(new EventEmitter(), {
    postMessage: () => undefined,
    terminate: async () => 1,
    ref: () => undefined,
    unref: () => undefined,
  });
  setImmediate(() => {
    w.emit('error', new Error('gone'));
    w.emit('exit', 1);
  });
  return w as unknown as WorkerLike;
};

describe('hashes run elsewhere', () => {
  it("give an evidence file's SHA-256 and BLAKE3, and our copy's BLAKE3, as in process", async () => {
    const said: string[] = [];
    const spawn = recording(said);
    expect(await hashEvidenceFileElsewhere(spawn, file, statSync(file))).toEqual(await hashEvidenceFile(file));
    expect(await proofReadsElsewhere(spawn).hashCopy(file)).toEqual(await blake3OfOwnFile(file));
    expect(said).toEqual(['hash-file-worker evidence', 'hash-file-worker own']);
  });

  it("refuse a file that is no longer the one seen, with the safe opener's UNSAFE_PATH", async () => {
    const seen = statSync(file);
    await expect(hashEvidenceFileElsewhere(recording([]), file, { ino: seen.ino + 1, dev: seen.dev })).rejects.toMatchObject({
      code: 'UNSAFE_PATH',
    });
  });

  it('fall back to this process when the worker dies before answering', async () => {
    expect(await hashEvidenceFileElsewhere(dying, file)).toEqual(await hashEvidenceFile(file));
    expect(await proofReadsElsewhere(dying).hashCopy(file)).toEqual(await blake3OfOwnFile(file));
  });

  it('stop with CANCELLED when aborted, before or while the worker runs', async () => {
    const before = new AbortController();
    before.abort();
    await expect(hashEvidenceFileElsewhere(recording([]), file, undefined, before.signal)).rejects.toMatchObject({ code: 'CANCELLED' });
    const during = new AbortController();
    const running = hashEvidenceFileElsewhere(recording([]), file, undefined, during.signal);
    during.abort();
    await expect(running).rejects.toMatchObject({ code: 'CANCELLED' });
  });
});

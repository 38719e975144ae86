// SHA-256 in a worker over the read pipeline's shared buffers must equal node:crypto's (and sha256sum's) on the same
// bytes, whether reached directly or through a large file's copy; a worker that cannot be used fails the hash, it
// never yields a partial digest.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  blake3OfOwnFile,
  hashAndCopy,
  hashEvidenceFile,
  hashEvidenceFileInBackground,
  OFFLOAD_SHA256_FROM_BYTES,
} from '../../../../src/main/core/evidence/hash-copy.js';
import { createBlake3Stream } from '../../../../src/main/core/archive/blake3.js';
import { pipelineBuffers } from '../../../../src/main/core/evidence/read-pipeline.js';
import { startHashOffload } from '../../../../src/main/core/evidence/hash-offload.js';
import { BACKGROUND_NICE } from '../../../../src/main/core/workers/background-priority.js';

const dir = mkdtempSync(join(tmpdir(), 'capsem-sha-offload-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bytes = (n: number, seed: number): Buffer => {
  const b = Buffer.allocUnsafe(n + 3);
  let x = seed;
  for (let i = 0; i < n; i += 4) {
    x = (x * 1664525 + 1013904223) >>> 0;
    b.writeUInt32LE(x, i);
  }
  return b.subarray(0, n);
};

describe('hash offload (SHA-256, or BLAKE3 when asked)', () => {
  it('hashes chunks handed over by slot, in order, to the same digest as node:crypto', async () => {
    const buffers = pipelineBuffers(1024);
    const offload = startHashOffload(buffers)!;
    expect(offload).not.toBeNull();
    const reference = createHash('sha256');
    for (let i = 0; i < 9; i++) {
      const slot = i % buffers.length;
      const chunk = bytes(1024 - i * 7, i + 1);
      chunk.copy(buffers[slot]!);
      reference.update(chunk);
      await offload.update(slot, chunk.length);
    }
    await expect(offload.digest()).resolves.toBe(reference.digest('hex'));
  });

  it.runIf(process.platform === 'linux')(
    'runs its worker at background priority only when asked (hashing that follows the first view)',
    async () => {
      // Threads of this process at the background niceness, read from /proc (the test's own threads are at 0).
      const background = (): number =>
        readdirSync('/proc/self/task').filter((tid) => {
          try {
            const line = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
            return Number(line.slice(line.lastIndexOf(')') + 2).split(' ')[16]) === BACKGROUND_NICE;
          } catch {
            return false; // a thread that ended meanwhile
          }
        }).length;
      const before = background();
      for (const [asked, more] of [
        [false, 0],
        [true, 1],
      ] as const) {
        const buffers = pipelineBuffers(64);
        const offload = startHashOffload(buffers, { background: asked })!;
        await offload.update(0, 10); // the worker is running and has done its start
        expect(background() - before, `background: ${asked}`).toBe(more);
        await offload.digest();
        offload.close();
      }
    },
  );

  it('refuses buffers a worker cannot see, and fails (never answers) once closed', async () => {
    expect(startHashOffload([Buffer.alloc(16)])).toBeNull();
    const offload = startHashOffload(pipelineBuffers(64))!;
    offload.close();
    await expect(offload.update(0, 10)).rejects.toThrow(/closed before its digest/);
    await expect(offload.digest()).rejects.toThrow(/closed before its digest/);
  });

  it('a chunk naming a slot without a buffer fails the hash', async () => {
    const offload = startHashOffload(pipelineBuffers(64))!;
    await expect(offload.update(7, 10)).rejects.toThrow(/no shared buffer/);
    offload.close();
  });

  it('a file above the threshold is hashed and copied through the worker with the digests sha256sum and b3sum give', async () => {
    const path = join(dir, 'large.db');
    const data = bytes(OFFLOAD_SHA256_FROM_BYTES + 12_345, 42);
    writeFileSync(path, data);
    const sha = createHash('sha256').update(data).digest('hex');
    const hashed = await hashEvidenceFile(path);
    expect(hashed.sha256).toBe(sha);
    const copied = await hashAndCopy(path, join(dir, 'copy.db'));
    expect(copied.sha256).toBe(sha);
    expect(copied.blake3).toBe(hashed.blake3);
    // Hashing that follows the first view: both hashes in background workers, this thread only reading.
    expect(await hashEvidenceFileInBackground(path)).toEqual(hashed);
    expect(await blake3OfOwnFile(path, undefined, true)).toEqual({ size: data.length, blake3: hashed.blake3 });
    // A BLAKE3 worker on its own, fed in two uneven chunks.
    const buffers = pipelineBuffers(1 << 20);
    const b3 = startHashOffload(buffers, { algorithm: 'blake3' })!;
    buffers[0]!.set(data.subarray(0, 1000));
    await b3.update(0, 1000);
    buffers[1]!.set(data.subarray(1000, 1000 + 700_000));
    await b3.update(1, 700_000);
    const tail = createBlake3Stream();
    (await tail).update(data.subarray(0, 701_000));
    await expect(b3.digest()).resolves.toBe((await tail).digestHex());
    b3.close();
    expect(
      execFileSync('sha256sum', [join(dir, 'copy.db')])
        .toString()
        .split(' ')[0],
    ).toBe(sha);
    try {
      expect(execFileSync('b3sum', ['--no-names', path]).toString().trim()).toBe(hashed.blake3);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  });
});

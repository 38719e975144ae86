/**
 * One streaming read per evidence file that feeds SHA-256 and BLAKE3 and (optionally) writes the copy, so the
 * hash recorded is the hash of exactly the bytes copied. Nothing here ever opens an evidence path for writing.
 * Reads, hashing and writes overlap (read-pipeline.ts): the copy runs at the speed of the slower of the disk and
 * SHA-256, not of their sum.
 */
import { createHash } from 'node:crypto';
import { constants, promises as fsp } from 'node:fs';
import type { Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { FileHashes } from '../../../shared/ledger-types.js';
import { InspectorError } from '../../../shared/errors.js';
import { createBlake3Stream } from '../archive/blake3.js';
import { openEvidenceFile } from './safe-fs.js';
import type { SeenFile } from './safe-fs.js';
import type { ConsumeChunk } from './read-pipeline.js';
import { pipelineBuffers, pipelineRead } from './read-pipeline.js';
import { startHashOffload } from './hash-offload.js';

/**
 * From this size SHA-256 runs in a worker thread beside the read, BLAKE3 and the write: it is the slowest of them
 * (~1.3 GiB/s even with SHA-NI), and starting a thread (~50 ms) pays for itself only on files this large.
 */
export const OFFLOAD_SHA256_FROM_BYTES = 64 * 1024 * 1024;

/** Reads at a position; once `signal` is aborted the next read throws CANCELLED, which ends the pipeline. */
const readerOf =
  (handle: FileHandle, signal?: AbortSignal) =>
  async (buffer: Buffer, position: number): Promise<number> => {
    if (signal?.aborted) throw new InspectorError('CANCELLED', 'the read was stopped: the evidence was closed');
    return (await handle.read(buffer, 0, buffer.length, position)).bytesRead;
  };

/**
 * Every hash in its own worker at background priority, this thread only reading (hashing that follows the first view:
 * on the app's main thread BLAKE3 of a 1.2 GB session.db and its copy took 0.6 s from the views). Null when a worker
 * cannot be started; the caller then hashes as usual.
 */
async function hashInBackground(
  handle: FileHandle,
  buffers: Buffer[],
  signal: AbortSignal | undefined,
  algorithms: readonly ('sha256' | 'blake3')[],
): Promise<{ size: number; hex: string[] } | null> {
  const workers = algorithms.map((algorithm) => startHashOffload(buffers, { background: true, algorithm }));
  if (workers.some((w) => w === null)) {
    for (const w of workers) w?.close();
    return null;
  }
  const offloads = workers as NonNullable<(typeof workers)[number]>[];
  try {
    const consume: ConsumeChunk = (chunk, _position, slot) =>
      Promise.all(offloads.map((o) => o.update(slot, chunk.length))).then(() => undefined);
    const size = await pipelineRead(readerOf(handle, signal), consume, buffers);
    return { size, hex: await Promise.all(offloads.map((o) => o.digest())) };
  } finally {
    for (const o of offloads) o.close();
  }
}

/** `size` is the file's size as stat'ed by the caller before reading: it decides whether SHA-256 goes to a worker. */
async function hashHandle(
  handle: FileHandle,
  size: number,
  write?: (chunk: Buffer, position: number) => Promise<void>,
  signal?: AbortSignal,
  background = false,
): Promise<{ size: number; sha256: string; blake3: string }> {
  const buffers = pipelineBuffers();
  if (background && size >= OFFLOAD_SHA256_FROM_BYTES && !write) {
    const both = await hashInBackground(handle, buffers, signal, ['sha256', 'blake3']);
    if (both) return { size: both.size, sha256: both.hex[0]!, blake3: both.hex[1]! };
  }
  const b3 = await createBlake3Stream();
  const offload = size >= OFFLOAD_SHA256_FROM_BYTES ? startHashOffload(buffers, { background }) : null;
  if (offload) {
    try {
      const consume: ConsumeChunk = (chunk, position, slot) => {
        // The chunk's slot is reused only once both the worker's hashing and the write have finished with it.
        const hashed = offload.update(slot, chunk.length);
        b3.update(chunk);
        const written = write?.(chunk, position);
        return written ? Promise.all([hashed, written]).then(() => undefined) : hashed;
      };
      const read = await pipelineRead(readerOf(handle, signal), consume, buffers);
      return { size: read, sha256: await offload.digest(), blake3: b3.digestHex() };
    } finally {
      offload.close();
    }
  }
  const sha = createHash('sha256');
  const consume: ConsumeChunk = (chunk, position) => {
    sha.update(chunk);
    b3.update(chunk);
    return write?.(chunk, position);
  };
  const read = await pipelineRead(readerOf(handle, signal), consume, buffers);
  return { size: read, sha256: sha.digest('hex'), blake3: b3.digestHex() };
}

/**
 * Hashes an evidence file read-only (no copy). `seen` is the lstat taken when the file was classified; `signal`
 * stops the read (CANCELLED), e.g. when the evidence is closed while a copy proof still runs.
 */
export async function hashEvidenceFile(path: string, seen?: SeenFile, signal?: AbortSignal): Promise<FileHashes> {
  return hashEvidenceFileAs(path, seen, signal, false);
}

/** The same, for hashing that follows the first view: both hashes run in workers at background priority. */
export async function hashEvidenceFileInBackground(path: string, seen?: SeenFile, signal?: AbortSignal): Promise<FileHashes> {
  return hashEvidenceFileAs(path, seen, signal, true);
}

async function hashEvidenceFileAs(
  path: string,
  seen: SeenFile | undefined,
  signal: AbortSignal | undefined,
  background: boolean,
): Promise<FileHashes> {
  const handle = await openEvidenceFile(path, seen);
  try {
    const before = await handle.stat();
    const hashes = await hashHandle(handle, before.size, undefined, signal, background);
    await assertUnchanged(path, before, await handle.stat(), hashes.size);
    return { path, ...hashes };
  } finally {
    await handle.close();
  }
}

/**
 * Copies an evidence file to `target` (created exclusively, mode 0600) while hashing the source bytes.
 * Returns the source hashes. Throws SNAPSHOT_MISMATCH when the file changed while it was read.
 */
export async function hashAndCopy(path: string, target: string, seen?: Stats): Promise<FileHashes> {
  const source = await openEvidenceFile(path, seen);
  try {
    const out = await fsp.open(target, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
    try {
      const before = await source.stat();
      // Positional writes: chunks may land in any order, each at the offset it was read from.
      const hashes = await hashHandle(source, before.size, async (chunk, position) => {
        let written = 0;
        while (written < chunk.length)
          written += (await out.write(chunk, written, chunk.length - written, position + written)).bytesWritten;
      });
      await assertUnchanged(path, before, await source.stat(), hashes.size);
      return { path, ...hashes };
    } finally {
      await out.close();
    }
  } finally {
    await source.close();
  }
}

/**
 * BLAKE3 and size of a file we own (the scratch copy): the cheap proof that a copy holds exactly the bytes whose
 * SHA-256 and BLAKE3 were recorded from the source (see snapshot.ts for why one algorithm suffices here).
 */
export async function blake3OfOwnFile(path: string, signal?: AbortSignal, background = false): Promise<{ size: number; blake3: string }> {
  const handle = await fsp.open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    if (background && (await handle.stat()).size >= OFFLOAD_SHA256_FROM_BYTES) {
      const done = await hashInBackground(handle, pipelineBuffers(), signal, ['blake3']);
      if (done) return { size: done.size, blake3: done.hex[0]! };
    }
    const b3 = await createBlake3Stream();
    const size = await pipelineRead(readerOf(handle, signal), (chunk) => {
      b3.update(chunk);
      return undefined;
    });
    return { size, blake3: b3.digestHex() };
  } finally {
    await handle.close();
  }
}

/** Size and mtime as fstat'ed before and after a read or copy of `path`, and the bytes it read or copied, agree. */
export async function assertUnchanged(path: string, before: Stats, after: Stats, bytesRead: number): Promise<void> {
  if (before.size !== after.size || before.mtimeMs !== after.mtimeMs || bytesRead !== after.size) {
    throw new InspectorError(
      'SNAPSHOT_MISMATCH',
      `${path} changed while it was being read (size ${before.size} → ${after.size}, ${bytesRead} bytes read); is a writer still running?`,
    );
  }
}

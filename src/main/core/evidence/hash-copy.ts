/**
 * One streaming read per evidence file that feeds SHA-256 and BLAKE3 and (optionally) writes the copy, so the
 * hash recorded is the hash of exactly the bytes copied. Nothing here ever opens an evidence path for writing.
 */
import { createHash } from 'node:crypto';
import { constants, promises as fsp } from 'node:fs';
import type { Stats } from 'node:fs';
import type { FileHashes } from '../../../shared/ledger-types.js';
import { InspectorError } from '../../../shared/errors.js';
import { createBlake3Stream } from '../archive/blake3.js';
import { openEvidenceFile } from './safe-fs.js';

const CHUNK = 1 << 20;

async function hashHandle(
  read: (buffer: Buffer, position: number) => Promise<number>,
  onChunk?: (chunk: Buffer) => Promise<void>,
): Promise<{ size: number; sha256: string; blake3: string }> {
  const sha = createHash('sha256');
  const b3 = await createBlake3Stream();
  const buffer = Buffer.allocUnsafe(CHUNK);
  let size = 0;
  for (;;) {
    const n = await read(buffer, size);
    if (n === 0) break;
    const chunk = buffer.subarray(0, n);
    sha.update(chunk);
    b3.update(chunk);
    if (onChunk) await onChunk(chunk);
    size += n;
  }
  return { size, sha256: sha.digest('hex'), blake3: b3.digestHex() };
}

/** Hashes an evidence file read-only (no copy). `seen` is the lstat taken when the file was classified. */
export async function hashEvidenceFile(path: string, seen?: Stats): Promise<FileHashes> {
  const handle = await openEvidenceFile(path, seen);
  try {
    const before = await handle.stat();
    const hashes = await hashHandle(async (buffer, position) => (await handle.read(buffer, 0, buffer.length, position)).bytesRead);
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
      const hashes = await hashHandle(
        async (buffer, position) => (await source.read(buffer, 0, buffer.length, position)).bytesRead,
        async (chunk) => {
          let written = 0;
          while (written < chunk.length) written += (await out.write(chunk, written, chunk.length - written)).bytesWritten;
        },
      );
      await assertUnchanged(path, before, await source.stat(), hashes.size);
      return { path, ...hashes };
    } finally {
      await out.close();
    }
  } finally {
    await source.close();
  }
}

/** Hashes a file we own (the scratch copy). */
export async function hashOwnFile(path: string): Promise<FileHashes> {
  const handle = await fsp.open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const hashes = await hashHandle(async (buffer, position) => (await handle.read(buffer, 0, buffer.length, position)).bytesRead);
    return { path, ...hashes };
  } finally {
    await handle.close();
  }
}

async function assertUnchanged(path: string, before: Stats, after: Stats, bytesRead: number): Promise<void> {
  if (before.size !== after.size || before.mtimeMs !== after.mtimeMs || bytesRead !== after.size) {
    throw new InspectorError(
      'SNAPSHOT_MISMATCH',
      `${path} changed while it was being read (size ${before.size} → ${after.size}, ${bytesRead} bytes read); is a writer still running?`,
    );
  }
}

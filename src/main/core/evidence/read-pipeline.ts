/**
 * Reads a file front to back with the next read always in flight while the current chunk is consumed, and lets the
 * consumer hand back a pending write that keeps its buffer busy until it lands. Reads and writes run on libuv's
 * thread pool, the consumer's hashing on this thread, so a copy costs about max(read + write, hashing) rather than
 * their sum (measured on a 1.2 GiB session.db: the serial loop spent most of its time waiting on one or the other).
 */

/** Reads up to `buffer.length` bytes at `position`; 0 means end of file. */
export type ReadAt = (buffer: Buffer, position: number) => Promise<number>;

/**
 * Called once per chunk, in file order. Synchronous work (hashing) happens inside; a returned promise (a write of
 * `chunk`) keeps the chunk's buffer from being reused until it settles. A rejection fails the whole pipeline.
 */
export type ConsumeChunk = (chunk: Buffer, position: number, slot: number) => Promise<void> | undefined;

/** 4 MiB chunks: fewer thread-pool round trips and hash calls than 1 MiB, still small beside the caps elsewhere. */
export const PIPELINE_CHUNK = 4 << 20;
/** One buffer being read, one being hashed, up to two being written. */
export const PIPELINE_DEPTH = 4;

/**
 * The pipeline's rotating buffers, backed by SharedArrayBuffers so a worker thread can read a chunk without a copy
 * (hash-copy hands SHA-256 to one); `consume` is told which slot each chunk is in.
 */
export function pipelineBuffers(chunkSize = PIPELINE_CHUNK): Buffer[] {
  return Array.from({ length: PIPELINE_DEPTH }, () => Buffer.from(new SharedArrayBuffer(chunkSize)));
}

/** Returns the number of bytes read (the sum of all chunks handed to `consume`). */
export async function pipelineRead(read: ReadAt, consume: ConsumeChunk, buffers: readonly Buffer[] = pipelineBuffers()): Promise<number> {
  const DEPTH = buffers.length;
  const busy: (Promise<void> | undefined)[] = new Array<Promise<void> | undefined>(DEPTH).fill(undefined);
  let position = 0;
  let slot = 0;
  let pending: Promise<number> = read(buffers[0]!, 0);
  try {
    for (;;) {
      const n = await pending;
      if (n === 0) break;
      const next = (slot + 1) % DEPTH;
      // The next buffer may still be on its way to the disk: wait for that write before reading into it again.
      await busy[next];
      busy[next] = undefined;
      pending = read(buffers[next]!, position + n);
      const write = consume(buffers[slot]!.subarray(0, n), position, slot);
      // Observed at once so a failed write is never an unhandled rejection; awaited (and thrown) when its slot recurs.
      write?.catch(() => undefined);
      busy[slot] = write;
      position += n;
      slot = next;
    }
    await Promise.all(busy);
    return position;
  } catch (error) {
    // Let every operation still in flight settle before the caller closes the file handles under them.
    await Promise.allSettled([pending, ...busy]);
    throw error;
  }
}

// The native reference's inputs, cut from the very archive the inspector reads: every zstd block's segment
// payloads back to back (one complete zstd frame per block, as `zstd -d` reads them), and their decompressed
// bytes (made by `zstd -d` itself). Deflate blocks are raw deflate, which no native tool here reads; they are
// left out of the native figures (their share is printed).
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export interface NativeInputs {
  readonly framesPath: string;
  readonly rawPath: string | null;
  /** Raw bytes of the zstd blocks (what the frames decode to). */
  readonly zstdRawBytes: number;
  /** Raw bytes of every block (zstd and deflate). */
  readonly allRawBytes: number;
  readonly deflateBlocks: number;
}

function readExact(fd: number, buf: Buffer, len: number, at: number): void {
  let done = 0;
  while (done < len) {
    const n = readSync(fd, buf, done, len - done, at + done);
    if (n === 0) throw new Error(`archive ends at ${at + done}, expected ${len - done} more bytes`);
    done += n;
  }
}

export function prepareNativeInputs(sessionDir: string, workDir: string): NativeInputs {
  const db = new Database(join(sessionDir, 'session.db'), { readonly: true });
  const blocks = db.prepare('SELECT block_offset AS o, raw_len AS r, disk_len AS d FROM body_blocks ORDER BY block_offset').all() as {
    o: number;
    r: number;
    d: number;
  }[];
  db.close();
  const framesPath = join(workDir, 'frames.zst');
  const archive = openSync(join(sessionDir, 'session.bodies'), 'r');
  const frames = openSync(framesPath, 'w');
  let buf = Buffer.allocUnsafe(1 << 20);
  let zstdRawBytes = 0;
  let allRawBytes = 0;
  let deflateBlocks = 0;
  try {
    for (const b of blocks) {
      allRawBytes += b.r;
      readExact(archive, buf, 8, b.o);
      if (buf[4] !== 2) {
        deflateBlocks += 1;
        continue;
      }
      zstdRawBytes += b.r;
      let at = b.o + 8;
      while (at < b.o + b.d) {
        readExact(archive, buf, 52, at);
        const compLen = buf.readUInt32LE(16);
        if (buf.length < compLen) buf = Buffer.allocUnsafe(compLen);
        readExact(archive, buf, compLen, at + 52);
        writeSync(frames, buf, 0, compLen);
        at += 52 + compLen;
      }
    }
  } finally {
    closeSync(archive);
    closeSync(frames);
  }
  const rawPath = join(workDir, 'raw.bin');
  const z = spawnSync('zstd', ['-d', '-q', '-f', framesPath, '-o', rawPath], { stdio: ['ignore', 'ignore', 'pipe'] });
  return { framesPath, rawPath: z.status === 0 ? rawPath : null, zstdRawBytes, allRawBytes, deflateBlocks };
}

/**
 * Puts the machine in the same state before each timed copy: the source read through once (in the page cache) and
 * every dirty page written back. Without it a copy's time depended on what ran before it, not on the copier: this
 * VM's kernel (DAMON reclaim) drops cold page cache within seconds, and a copy started while the previous one's
 * 1.2 GB was still being written back was throttled. One bench printed the snapshot at 388 ms beside cp at 216 ms;
 * settled, both took 281-332 ms in turn, the snapshot 3-12% faster.
 */
export function settleBeforeCopy(source: string): void {
  spawnSync('sh', ['-c', `cat '${source}' > /dev/null; sync`], { stdio: 'ignore' });
}

/** Milliseconds of a shell command, or null when it fails (tool missing). */
export function timeShell(command: string): number | null {
  const t0 = performance.now();
  const r = spawnSync('sh', ['-c', command], { stdio: ['ignore', 'ignore', 'pipe'] });
  return r.error || r.status !== 0 ? null : performance.now() - t0;
}

// Native zstd contexts are reused and given back deterministically (hostile suite finding: zstd-napi DCtx objects
// are freed only by an N-API finalizer that Node 20 runs from a setImmediate, so a synchronous open/read/close loop
// kept one context per block alive, ~75 KiB RSS per open). These tests count contexts instead of reading RSS.
import { describe, expect, it } from 'vitest';
import { idleNativeContexts, loadZstdNapi } from '../../../../src/main/core/archive/zstd-decoders.js';
import { open, readAll, summarise, writeArchive, type ArchiveOnDisk } from './helpers.js';
import { SAMPLES, buildSample } from './sample-archives.js';

const binding = loadZstdNapi();
const zstdSample = { ...SAMPLES.find((s) => s.name === 'v2 zstd')!, targetBlockBytes: 8 * 1024 };

/** Counts `new DCtx()` while `run` executes, by wrapping the constructor the decoder module reads at call time. */
async function countContexts(run: () => Promise<void>): Promise<number> {
  if (!binding) throw new Error('zstd-napi missing');
  const original = binding.DCtx;
  let made = 0;
  binding.DCtx = class extends original {
    constructor() {
      super();
      made++;
    }
  };
  try {
    await run();
  } finally {
    binding.DCtx = original;
  }
  return made;
}

describe.skipIf(!binding)('native zstd contexts', () => {
  let disk: ArchiveOnDisk;

  it('a synchronous loop of 200 opens creates a bounded number of contexts, not one per block', async () => {
    disk = writeArchive(await buildSample(zstdSample));
    expect(disk.blocks.size).toBeGreaterThan(1);
    const made = await countContexts(async () => {
      for (let i = 0; i < 200; i++) {
        const archive = await open(disk, 2, 'native');
        const got = summarise(readAll(archive, disk), disk.expected);
        expect([...got.values()].filter((v) => v !== 'ok')).toEqual([]);
        archive.close();
      }
    });
    // Before the fix: 200 × blocks (a fresh DCtx per block cursor, freed only when a finalizer gets a turn).
    expect(made).toBeLessThanOrEqual(8);
  });

  it('close() gives back the context of a block left mid-frame, and a reused context decodes a new frame correctly', async () => {
    disk = writeArchive(await buildSample(zstdSample));
    const first = [...disk.rows].sort(
      (a, b) => (a.blockOffset ?? 0) - (b.blockOffset ?? 0) || (a.bodyOffset ?? 0) - (b.bodyOffset ?? 0),
    )[0]!;
    const archive = await open(disk, 2, 'native');
    const r = archive.readBody(first, disk.blocks.get(first.blockOffset ?? -1));
    expect(r.ok).toBe(true);
    const before = idleNativeContexts();
    archive.close();
    expect(idleNativeContexts()).toBe(Math.min(8, before + 1));
    // The pooled context was in the middle of a frame when given back; it must start clean.
    const made = await countContexts(async () => {
      const again = await open(disk, 2, 'native', 1);
      const got = summarise(readAll(again, disk), disk.expected);
      expect([...got.values()].filter((v) => v !== 'ok')).toEqual([]);
      again.close();
    });
    expect(made).toBe(0);
  });

  it('a block read to its FINAL segment gives its context back before close', async () => {
    disk = writeArchive(await buildSample(zstdSample));
    const archive = await open(disk, 2, 'native');
    readAll(archive, disk);
    const idle = idleNativeContexts();
    archive.close();
    // Every block ended its frame, so close() has nothing left to return.
    expect(idleNativeContexts()).toBe(idle);
    expect(idle).toBeGreaterThan(0);
  });
});

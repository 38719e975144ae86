import { describe, expect, it } from 'vitest';
import { loadZstdNapi } from '../../../../src/main/core/archive/zstd-decoders.js';
import type { ZstdBackendChoice } from '../../../../src/main/core/archive/types.js';
import { keyString, open, readAll, summarise, writeArchive } from './helpers.js';
import { SAMPLES, buildSample } from './sample-archives.js';

const BACKENDS: ZstdBackendChoice[] = loadZstdNapi() ? ['fzstd', 'native'] : ['fzstd'];

describe('reading every body back byte for byte', () => {
  for (const spec of SAMPLES) {
    for (const backend of BACKENDS) {
      it(`${spec.name} (${backend})`, async () => {
        const enc = await buildSample(spec);
        const disk = writeArchive(enc);
        const archive = await open(disk, spec.version, backend);
        expect(archive.fileVersion).toBe(spec.version);
        expect(archive.zstdBackend).toBe(backend === 'native' ? 'zstd-napi' : 'fzstd');
        const got = summarise(readAll(archive, disk), disk.expected);
        expect(got.size).toBe(disk.rows.length);
        expect([...got.values()].every((v) => v === 'ok')).toBe(true);
        // Reading again in reverse order, with a one-entry cache, gives the same bytes.
        archive.close();
        const again = await open(disk, spec.version, backend, 1);
        for (const r of [...disk.rows].reverse()) {
          const res = again.readBody(r, disk.blocks.get(r.blockOffset ?? -1));
          expect(res.ok && Buffer.from(res.bytes).equals(Buffer.from(disk.expected.get(keyString(r)) ?? []))).toBe(true);
        }
        again.close();
      });
    }
  }

  it('shares spans: several rows naming one span all verify', async () => {
    const enc = await buildSample(SAMPLES[4] ?? SAMPLES[0]!);
    expect(enc.bodies.some((b) => b.sharesSpanWith !== null)).toBe(true);
    const disk = writeArchive(enc);
    const archive = await open(disk, 3);
    const got = summarise(readAll(archive, disk), disk.expected);
    expect([...got.values()].filter((v) => v !== 'ok')).toEqual([]);
  });

  it('returns a copy: changing the returned bytes does not change a later read', async () => {
    const enc = await buildSample(SAMPLES[2]!);
    const disk = writeArchive(enc);
    const archive = await open(disk, 2);
    const row = disk.rows[0]!;
    const first = archive.readBody(row, disk.blocks.get(row.blockOffset ?? -1));
    if (!first.ok) throw new Error(first.error.message);
    first.bytes.fill(0);
    const second = archive.readBody(row, disk.blocks.get(row.blockOffset ?? -1));
    expect(second.ok && Buffer.from(second.bytes).equals(Buffer.from(disk.expected.get(keyString(row)) ?? []))).toBe(true);
  });
});

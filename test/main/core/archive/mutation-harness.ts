import fs from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// Property harness (fast-check); the *.property.test.ts files pick the archive shapes. ARCHIVE_PROPERTY_RUNS overrides the 200 runs.
import { ERROR_CODES } from '../../../../src/shared/errors.js';
import { openArchive } from '../../../../src/main/core/archive/open-archive.js';
import { loadZstdNapi } from '../../../../src/main/core/archive/zstd-decoders.js';
import type { ZstdBackendChoice } from '../../../../src/main/core/archive/types.js';
import { checkAllInBatches, open, readAll, summarise, writeArchive } from './helpers.js';
import { buildSample, type SampleSpec } from './sample-archives.js';

const BACKENDS: ZstdBackendChoice[] = loadZstdNapi() ? ['fzstd', 'native'] : ['fzstd'];
const RUNS = Number(process.env.ARCHIVE_PROPERTY_RUNS ?? 200);
const ARCHIVE_CODES = new Set<string>(ERROR_CODES.filter((c) => c !== 'INTERNAL'));
/**
 * Decoders notice damaged payload bytes at different points: libzstd often reports "Data corruption detected"
 * (DECODE_FAILED) where fzstd decodes garbage that then fails the segment hash. The same bodies fail either
 * way; only that code may differ between backends.
 */
const PAYLOAD_DAMAGE = new Set(['DECODE_FAILED', 'SEGMENT_HASH_MISMATCH', 'DECODED_TOO_LARGE']);
const comparable = (v: string): string => (PAYLOAD_DAMAGE.has(v) ? 'payload-damage' : v);

/** Registers one property per archive shape: any single-byte mutation gives the same verified bytes or a named error. */
export function mutationSuite(specs: readonly SampleSpec[]): void {
  describe('any single-byte mutation gives the same verified bytes or a named error', () => {
    for (const spec of specs) {
      it(`${spec.name}: ${RUNS} mutations, every backend agrees`, async () => {
        const enc = await buildSample(spec);
        const disk = writeArchive(enc);
        const fd = fs.openSync(disk.filePath, 'r+');
        try {
          await fc.assert(
            fc.asyncProperty(fc.nat({ max: enc.bytes.length - 1 }), fc.integer({ min: 1, max: 255 }), async (at, mask) => {
              const original = enc.bytes[at] ?? 0;
              fs.writeSync(fd, Uint8Array.of(original ^ mask), 0, 1, at);
              try {
                const seen: string[][] = [];
                for (const backend of BACKENDS) {
                  const opened = await openArchive({
                    location: disk.location,
                    archiveState: disk.state,
                    expectedVersion: spec.version,
                    zstdBackend: backend,
                  });
                  if (!opened.ok) {
                    expect(ARCHIVE_CODES.has(opened.error.code)).toBe(true);
                    seen.push([`open:${opened.error.code}`]);
                    continue;
                  }
                  const summary = summarise(readAll(opened.archive, disk), disk.expected);
                  opened.archive.close();
                  // Checked in batches per block (verification's path) on a fresh open: the same verdict for every row.
                  const again = await openArchive({
                    location: disk.location,
                    archiveState: disk.state,
                    expectedVersion: spec.version,
                    zstdBackend: backend,
                  });
                  if (again.ok) {
                    const batched = checkAllInBatches(again.archive, disk);
                    again.archive.close();
                    for (const [k, v] of summary) expect(batched.get(k), `${backend} ${k}`).toBe(v === 'ok' ? 'ok' : v);
                  }
                  for (const v of summary.values()) expect(v === 'ok' || ARCHIVE_CODES.has(v)).toBe(true);
                  seen.push([...summary.values()].map(comparable));
                }
                for (const s of seen) expect(s).toEqual(seen[0]);
              } finally {
                fs.writeSync(fd, Uint8Array.of(original), 0, 1, at);
              }
            }),
            { numRuns: RUNS },
          );
        } finally {
          fs.closeSync(fd);
        }
        // The restored archive still reads cleanly.
        const clean = summarise(readAll(await open(disk, spec.version), disk), disk.expected);
        expect([...clean.values()].every((v) => v === 'ok')).toBe(true);
      });
    }
  });
}

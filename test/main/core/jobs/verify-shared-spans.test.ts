// Verification hashes each distinct (block, offset, length, expected hash) once per block and gives every row
// naming it the same verdict, while every failure stays the row's own: rows sharing a failing span each fail with
// their own sentence, and a row expecting a different hash over a span that verified is checked on its own.
import { describe, expect, it } from 'vitest';
import type { BlockRow, BodyIndexRow } from '../../../../src/shared/ledger-types.js';
import type { BodyCheckResult, OpenedArchive } from '../../../../src/main/core/archive/types.js';
import { verifyBlocks } from '../../../../src/main/core/jobs/verify-blocks.js';
import { open, writeArchive } from '../archive/helpers.js';
import { SAMPLES, buildSample } from '../archive/sample-archives.js';

const block = (blockOffset: number): BlockRow => ({ blockOffset, rawLen: 100, diskLen: 100, sealedAt: null });
const row = (id: number, blockOffset: number, bodyOffset: number, bodyHash: string, bodyLen = 10): BodyIndexRow => ({
  id,
  eventId: id.toString(16).padStart(12, '0'),
  sourceTable: id % 2 ? 'net_events' : 'model_calls',
  direction: 'response',
  eventType: null,
  contentType: null,
  originalBytes: bodyLen,
  storedBytes: bodyLen,
  truncated: false,
  bodyHash,
  blockOffset,
  bodyOffset,
  bodyLen,
  traceId: null,
  turnId: null,
  createdAt: null,
});

/**
 * A stand-in whose verdict depends only on the span and hash, and which counts what it is asked to check. With
 * `batches`, it also offers checkBodies and records the ids of each batch it is given.
 */
function countingArchive(
  good: (r: BodyIndexRow) => boolean,
  batches?: number[][],
): { archive: Pick<OpenedArchive, 'readBody' | 'checkBody' | 'checkBodies'>; checked: number[] } {
  const checked: number[] = [];
  const checkBody = (r: BodyIndexRow): BodyCheckResult => {
    checked.push(r.id);
    return good(r)
      ? { ok: true, length: r.bodyLen }
      : { ok: false, error: { code: 'BODY_HASH_MISMATCH', message: `row ${r.id} does not match` } };
  };
  const checkBodies = (rs: readonly BodyIndexRow[], _b: BlockRow, out: BodyCheckResult[]): void => {
    batches!.push(rs.map((r) => r.id));
    rs.forEach((r, i) => (out[i] = checkBody(r)));
  };
  return {
    archive: {
      readBody: () => {
        throw new Error('verification must not copy bodies out');
      },
      checkBody,
      ...(batches ? { checkBodies } : {}),
    },
    checked,
  };
}

describe('verifyBlocks over shared spans', () => {
  it('checks a shared span once per block, a different expected hash on its own, and every failing row itself', async () => {
    const rows = new Map([
      [
        16,
        [
          row(1, 16, 0, 'h-a'),
          row(2, 16, 0, 'h-a'),
          row(3, 16, 0, 'h-a'),
          row(4, 16, 0, 'h-other'),
          row(5, 16, 10, 'h-bad'),
          row(6, 16, 10, 'h-bad'),
          row(7, 16, 0, 'h-a', 11),
          row(10, 200, 0, 'h-a'),
        ],
      ],
      // The same offset, length and hash in another block is another span.
      [200, [row(8, 200, 0, 'h-a'), row(9, 200, 0, 'h-a')]],
    ]);
    const { archive, checked } = countingArchive((r) => r.bodyHash === 'h-a');
    const result = await verifyBlocks({
      archive,
      blocks: [block(16), block(200)],
      rowsOf: (b) => rows.get(b.blockOffset) ?? [],
      maxListedFailures: 100,
    });
    // 1 stands for 2 and 3; 4 (other hash), 5 and 6 (failing), 7 (other length), 10 (names another block) are
    // their own; 8 stands for 9.
    expect(checked).toEqual([1, 4, 5, 6, 7, 10, 8]);
    expect(result.verified).toBe(7); // 1, 2, 3, 7, 10 (the stand-in judges by hash only), 8, 9
    expect(result.failed).toBe(3);
    expect(result.failures.map((f) => [f.eventId, f.sourceTable, f.message])).toEqual([
      ['000000000004', 'model_calls', 'row 4 does not match'],
      ['000000000005', 'net_events', 'row 5 does not match'],
      ['000000000006', 'model_calls', 'row 6 does not match'],
    ]);
    expect(result.bytes).toBe(10 * 9 + 11);
  });

  it('on a real archive: rows sharing spans verify once, a forged hash on a shared span fails alone with its own name', async () => {
    const spec = SAMPLES[4]!; // v3, archive-wide dedup: several rows name one span
    const enc = await buildSample(spec);
    const disk = writeArchive(enc);
    const real = await open(disk, spec.version);
    try {
      const shared = disk.rows.find((r) =>
        disk.rows.some((o) => o !== r && o.blockOffset === r.blockOffset && o.bodyOffset === r.bodyOffset && o.bodyLen === r.bodyLen),
      );
      expect(shared).toBeDefined();
      const forged: BodyIndexRow = { ...shared!, id: 10_000, eventId: 'f0f0f0f0f0f0', bodyHash: `blake3:${'0'.repeat(64)}` };
      const rows = [...disk.rows, forged];
      const checked: number[] = [];
      const archive = {
        readBody: real.readBody.bind(real),
        checkBody: (r: BodyIndexRow, b: BlockRow | undefined): BodyCheckResult => (checked.push(r.id), real.checkBody!(r, b)),
      };
      const blocks = [...disk.blocks.values()].sort((a, b) => a.blockOffset - b.blockOffset);
      const rowsOf = (b: BlockRow): BodyIndexRow[] =>
        rows.filter((r) => r.blockOffset === b.blockOffset).sort((x, y) => (x.bodyOffset ?? 0) - (y.bodyOffset ?? 0) || x.id - y.id);
      const result = await verifyBlocks({ archive, blocks, rowsOf, maxListedFailures: 100 });
      const distinct = new Set(rows.map((r) => `${r.blockOffset}:${r.bodyOffset}:${r.bodyLen}:${r.bodyHash}`));
      expect(checked.length).toBe(distinct.size);
      expect(checked.length).toBeLessThan(rows.length);
      expect(result.verified).toBe(disk.rows.length);
      expect(result.failed).toBe(1);
      expect(result.failures[0]).toMatchObject({ eventId: 'f0f0f0f0f0f0', code: 'BODY_HASH_MISMATCH' });
      expect(result.failures[0]!.message).toContain('event_id=f0f0f0f0f0f0');
      expect(result.bytes).toBe(rows.reduce((n, r) => n + r.bodyLen, 0));
    } finally {
      real.close();
    }
  });

  it('checked in batches: a span shared inside a batch is hashed once, a follower of a failed row is checked alone, counts and failures as row by row', async () => {
    const rows = new Map([
      [
        16,
        [
          row(1, 16, 0, 'h-a'),
          row(2, 16, 0, 'h-a'),
          row(3, 16, 0, 'h-a'),
          row(4, 16, 0, 'h-other'),
          row(5, 16, 10, 'h-bad'),
          row(6, 16, 10, 'h-bad'),
          row(7, 16, 0, 'h-a', 11),
          row(10, 200, 0, 'h-a'),
        ],
      ],
      [200, [row(8, 200, 0, 'h-a'), row(9, 200, 0, 'h-a')]],
    ]);
    const batches: number[][] = [];
    const { archive, checked } = countingArchive((r) => r.bodyHash === 'h-a', batches);
    const result = await verifyBlocks({
      archive,
      blocks: [block(16), block(200)],
      rowsOf: (b) => rows.get(b.blockOffset) ?? [],
      maxListedFailures: 100,
    });
    // One batch per block holding only the leaders; 6 follows 5, which failed, so 6 is then checked on its own.
    expect(batches).toEqual([[1, 4, 5, 7, 10], [8]]);
    expect(checked).toEqual([1, 4, 5, 7, 10, 6, 8]);
    expect([result.verified, result.failed, result.bytes]).toEqual([7, 3, 10 * 9 + 11]);
    expect(result.failures.map((f) => [f.eventId, f.message])).toEqual([
      ['000000000004', 'row 4 does not match'],
      ['000000000005', 'row 5 does not match'],
      ['000000000006', 'row 6 does not match'],
    ]);
  });

  it("checkBodies gives checkBody's verdict for every row of every sample archive, damaged ones included", async () => {
    for (const spec of SAMPLES) {
      const disk = writeArchive(await buildSample(spec));
      const a = await open(disk, spec.version);
      const b = await open(disk, spec.version);
      try {
        const byBlock = new Map<number, BodyIndexRow[]>();
        for (const r of disk.rows)
          (byBlock.get(r.blockOffset ?? -1) ?? byBlock.set(r.blockOffset ?? -1, []).get(r.blockOffset ?? -1)!).push(r);
        for (const [offset, rs] of byBlock) {
          const blk = disk.blocks.get(offset);
          if (!blk) continue;
          const many: BodyCheckResult[] = [];
          a.checkBodies!(rs, blk, many);
          expect(many.length, spec.name).toBe(rs.length);
          rs.forEach((r, i) => expect(many[i], `${spec.name} row ${r.id}`).toEqual(b.checkBody!(r, blk)));
        }
      } finally {
        a.close();
        b.close();
      }
    }
  });

  it("checkBody gives readBody's verdict for every row of every sample archive, without the bytes", async () => {
    for (const spec of SAMPLES) {
      const disk = writeArchive(await buildSample(spec));
      const a = await open(disk, spec.version);
      try {
        for (const r of disk.rows) {
          const b = disk.blocks.get(r.blockOffset ?? -1);
          const read = a.readBody(r, b);
          const check = a.checkBody!(r, b);
          expect(check.ok ? { ok: true, n: check.length } : { ok: false, e: check.error }).toEqual(
            read.ok ? { ok: true, n: read.bytes.length } : { ok: false, e: read.error },
          );
        }
      } finally {
        a.close();
      }
    }
  });
});

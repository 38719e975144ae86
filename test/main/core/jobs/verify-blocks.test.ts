// The pure job functions, without threads: order of reads, reconciliation, capped failure lists, cancel,
// L0 hashing, partitions.
import { describe, expect, it } from 'vitest';
import { createBLAKE3 } from 'hash-wasm';
import type { BlockRow, BodyIndexRow } from '../../../../src/shared/ledger-types.js';
import type { BodyReadResult } from '../../../../src/main/core/archive/types.js';
import { VerifyCancelled, verifyBlocks } from '../../../../src/main/core/jobs/verify-blocks.js';
import { verifySqliteBodies } from '../../../../src/main/core/jobs/verify-sqlite-bodies.js';
import { FailureTally, mergeParts } from '../../../../src/main/core/jobs/body-failure.js';
import type { BodyFailure, PartResult } from '../../../../src/main/core/jobs/verify-types.js';
import { partitionIdRange, runStarts } from '../../../../src/main/core/jobs/partition.js';

const block = (blockOffset: number, rawLen = 100): BlockRow => ({ blockOffset, rawLen, diskLen: rawLen, sealedAt: null });
const row = (id: number, blockOffset: number, bodyOffset: number): BodyIndexRow => ({
  id,
  eventId: id.toString(16).padStart(12, '0'),
  sourceTable: 'net_events',
  direction: 'request',
  eventType: null,
  contentType: null,
  originalBytes: 10,
  storedBytes: 10,
  truncated: false,
  bodyHash: '',
  blockOffset,
  bodyOffset,
  bodyLen: 10,
  traceId: null,
  turnId: null,
  createdAt: null,
});

describe('verifyBlocks', () => {
  it('reads rows block by block in order, and verified + failed = bodies with a capped list', async () => {
    const blocks = [block(16), block(200)];
    const rows = new Map([
      [16, [row(1, 16, 0), row(2, 16, 10), row(3, 16, 20)]],
      [200, [row(4, 200, 0), row(5, 200, 10)]],
    ]);
    const order: number[] = [];
    const archive = {
      readBody(r: BodyIndexRow): BodyReadResult {
        order.push(r.id);
        return r.id % 2 === 0
          ? { ok: false, error: { code: 'SEGMENT_HASH_MISMATCH', message: `segment for row ${r.id}` } }
          : { ok: true, bytes: new Uint8Array(10) };
      },
    };
    const result = await verifyBlocks({ archive, blocks, rowsOf: (b) => rows.get(b.blockOffset) ?? [], maxListedFailures: 1 });
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(result.verified).toBe(3);
    expect(result.failed).toBe(2);
    expect(result.failures.map((f) => f.eventId)).toEqual(['000000000002']);
    expect(result.failuresOmitted).toBe(1);
    expect(result.bytes).toBe(50);
  });

  it('reads lean rows and fetches only a failing row whole, so its failure names event_id, source_table and direction', async () => {
    const lean = (id: number, bodyOffset: number): BodyIndexRow => ({
      ...row(id, 16, bodyOffset),
      eventId: '',
      sourceTable: '',
      direction: '',
    });
    const fetched: number[] = [];
    const seen: string[] = [];
    const archive = {
      readBody(r: BodyIndexRow): BodyReadResult {
        seen.push(`${r.id}:${r.eventId}`);
        return r.id === 2
          ? { ok: false, error: { code: 'BODY_HASH_MISMATCH', message: `row ${r.id} (${r.eventId})` } }
          : { ok: true, bytes: new Uint8Array(10) };
      },
    };
    const result = await verifyBlocks({
      archive,
      blocks: [block(16)],
      rowsOf: () => [lean(1, 0), lean(2, 10), lean(3, 20)],
      maxListedFailures: 10,
      namedRow: (id) => (fetched.push(id), row(id, 16, 10)),
    });
    expect(fetched).toEqual([2]);
    expect(seen).toEqual(['1:', '2:', '2:000000000002', '3:']);
    expect(result.failures).toEqual([
      expect.objectContaining({
        eventId: '000000000002',
        sourceTable: 'net_events',
        direction: 'request',
        message: 'row 2 (000000000002)',
      }),
    ]);
    expect(result.verified + result.failed).toBe(3);
  });

  it('stops with VerifyCancelled between bodies', async () => {
    let reads = 0;
    const archive = { readBody: (): BodyReadResult => ((reads += 1), { ok: true, bytes: new Uint8Array(1) }) };
    const rows = [row(1, 16, 0), row(2, 16, 10), row(3, 16, 20)];
    await expect(
      verifyBlocks({ archive, blocks: [block(16)], rowsOf: () => rows, maxListedFailures: 10, isCancelled: () => reads >= 2 }),
    ).rejects.toBeInstanceOf(VerifyCancelled);
    expect(reads).toBe(2);
  });
});

describe('verifySqliteBodies (L0)', () => {
  it('checks each body against body_hash and counts unhashed rows', async () => {
    const h = await createBLAKE3();
    const hash = (b: Uint8Array): string => `blake3:${h.init().update(b).digest('hex')}`;
    const good = new TextEncoder().encode('hello');
    const rows = [
      { id: 1, eventId: 'aaaaaaaaaaaa', sourceTable: 'net_events', direction: 'request', body: good, bodyHash: hash(good) },
      { id: 2, eventId: 'bbbbbbbbbbbb', sourceTable: 'net_events', direction: 'response', body: good, bodyHash: hash(new Uint8Array(1)) },
      { id: 3, eventId: 'cccccccccccc', sourceTable: 'model_calls', direction: 'request', body: good, bodyHash: null },
    ];
    const r = await verifySqliteBodies({ rows, hash, maxListedFailures: 10 });
    expect(r).toMatchObject({ verified: 2, failed: 1, unhashed: 1 });
    expect(r.failures[0]).toMatchObject({ eventId: 'bbbbbbbbbbbb', code: 'BODY_HASH_MISMATCH' });
    expect(r.failures[0]!.message).toContain('event_body_blobs row 2');
  });
});

describe('partitions and merging', () => {
  it('splits L0 rowid ranges into equal parts, never empty', () => {
    expect(partitionIdRange(1, 10, 3)).toEqual([
      [1, 3],
      [4, 6],
      [7, 10],
    ]);
    expect(partitionIdRange(5, 4, 2)).toEqual([]);
  });

  it('merges parts so counts reconcile whatever the cap', () => {
    const f = (id: string) => ({ eventId: id, sourceTable: 't', direction: 'request', code: 'BAD_SEGMENT' as const, message: 'm' });
    const a = { verified: 5, failed: 3, unreadable: 0, unhashed: 0, bytes: 10, failures: [f('a'), f('b')], failuresOmitted: 1 };
    const b = { verified: 1, failed: 2, unreadable: 0, unhashed: 0, bytes: 5, failures: [f('c'), f('d')], failuresOmitted: 0 };
    const m = mergeParts([a, b], 3);
    expect(m.verified).toBe(6);
    expect(m.failed).toBe(5);
    expect(m.unreadable).toBe(0);
    expect(m.failures.length + m.failuresOmitted).toBe(5);
    expect(m.failures.map((x) => x.eventId)).toEqual(['a', 'b', 'c']);
  });
});

describe('claimed runs and merged failures', () => {
  it('cuts runs of about the given raw bytes, at least one block each, covering every block once', () => {
    const blocks = [block(16, 3), block(30, 3), block(50, 3), block(70, 10), block(90, 1), block(99, 1)];
    expect(runStarts(blocks, 5)).toEqual([0, 2, 4]); // runs close once they hold 5 bytes: 3+3, 3+10, 1+1
    expect(runStarts(blocks, 1)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(runStarts(blocks, 10 ** 9)).toEqual([0]);
    expect(runStarts([], 5)).toEqual([]);
  });

  it('merges failures in block order whichever part found them, settled rows first, the cap keeping the earliest', () => {
    const f = (id: string): BodyFailure => ({
      eventId: id,
      sourceTable: 'net_events',
      direction: 'response',
      code: 'BODY_HASH_MISMATCH',
      message: id,
    });
    const part = (failures: [string, number][]): PartResult => {
      const t = new FailureTally(100);
      for (const [id, b] of failures) t.fail(f(id), b);
      return t.result();
    };
    const settled = new FailureTally(100);
    settled.fail(f('settled'));
    // Worker A claimed blocks 10 and 40, worker B 20 and 30.
    const a = part([
      ['a10', 10],
      ['a40', 40],
      ['a40b', 40],
    ]);
    const b = part([
      ['b20', 20],
      ['b30', 30],
    ]);
    for (const order of [
      [settled.result(), a, b],
      [settled.result(), b, a],
    ]) {
      expect(mergeParts(order, 100).failures.map((x) => x.eventId)).toEqual(['settled', 'a10', 'b20', 'b30', 'a40', 'a40b']);
      const capped = mergeParts(order, 3);
      expect(capped.failures.map((x) => x.eventId)).toEqual(['settled', 'a10', 'b20']);
      expect([capped.failed, capped.failuresOmitted]).toEqual([6, 3]);
    }
  });
});

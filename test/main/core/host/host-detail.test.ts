import { describe, expect, it } from 'vitest';
import { encode } from '@msgpack/msgpack';
import { MAX_DETAIL_BYTES, decodeHostSessionDetail, decodeLedgerCounters } from '../../../../src/main/core/host/host-detail.js';
import { encodeSparse } from '../../../fixtures/writer/host/sparse-msgpack.js';
import { BIG_COUNTER, sampleSessions } from '../../../fixtures/writer/host/host-sample.js';

describe('HostSessionDetail decoding', () => {
  it('decodes the created fields and treats missing keys as defaults', () => {
    const notes: string[] = [];
    const d = decodeHostSessionDetail(encodeSparse({ ram_bytes: 2 ** 31, storage_mode: 'virtiofs', forked_from: 'parent' }), 'x', notes);
    expect(d).toEqual({
      persistent: false,
      ramBytes: 2 ** 31,
      scratchDiskSizeGb: 0,
      storageMode: 'virtiofs',
      rootfsHash: null,
      rootfsVersion: null,
      forkedFrom: 'parent',
      status: null,
      counters: null,
    });
    expect(notes).toEqual([]);
  });

  it('all-default struct (0x80) decodes to defaults; unknown keys are ignored', () => {
    const notes: string[] = [];
    expect(decodeHostSessionDetail(new Uint8Array([0x80]), 'x', notes)?.status).toBeNull();
    const d = decodeHostSessionDetail(encode({ status: 'stopped', future_field: [1, 2, 3], persistent: true }), 'x', notes);
    expect(d).toMatchObject({ status: 'stopped', persistent: true });
    expect(notes).toEqual([]);
  });

  it.each([
    ['zero-length', new Uint8Array(0), /empty \(0 bytes\)/],
    ['truncated', encodeSparse({ status: 'stopped' }).subarray(0, 4), /not valid MessagePack/],
    ['trailing bytes', new Uint8Array([0x80, 0x00]), /not valid MessagePack/],
    ['not a map', encode([1, 2]), /not a map/],
    ['__proto__ key', new Uint8Array([0x81, 0xa9, ...Buffer.from('__proto__'), 0x01]), /not valid MessagePack/],
  ])('%s detail → no detail, with a note', (_name, bytes, why) => {
    const notes: string[] = [];
    expect(decodeHostSessionDetail(bytes, 'host_events id 7 detail', notes)).toBeNull();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(why);
    expect(notes[0]).toMatch(/host_events id 7 detail.*no detail/);
  });

  it('refuses a detail above the 10 MiB cap unread', () => {
    const notes: string[] = [];
    expect(decodeHostSessionDetail(new Uint8Array(MAX_DETAIL_BYTES + 1), 'big', notes)).toBeNull();
    expect(notes[0]).toMatch(/exceeds the 10485760-byte cap/);
  });

  it('a field of the wrong type falls back to its default with a note, the rest survives', () => {
    const notes: string[] = [];
    const d = decodeHostSessionDetail(encode({ ram_bytes: 'lots', status: 'crashed', persistent: 1 }), 'd', notes);
    expect(d).toMatchObject({ ramBytes: 0, status: 'crashed', persistent: false });
    expect(notes.sort()).toEqual([
      'd.persistent: expected a boolean, found 1; using the default',
      'd.ram_bytes: expected an unsigned integer, found "lots"; using the default',
    ]);
  });
});

describe('LedgerCounters decoding', () => {
  it('equals what was written, including a counter above 2^53 exactly', () => {
    const alpha = sampleSessions()[0]!;
    const notes: string[] = [];
    const c = decodeLedgerCounters(encodeSparse(alpha.counters), 'counters', notes)!;
    expect(notes).toEqual([]);
    expect(c.net).toEqual({ total: 10, allowed: 8, denied: 1, error: 1, bytesSent: 2048, bytesReceived: 4096 });
    expect(c.model.total).toEqual({ calls: 3, inputTokens: 1000, outputTokens: 200, durationMs: 900, costMicroUsd: 12_340 });
    expect(c.model.usageDetails).toEqual({ cache_read_input_tokens: 50 });
    expect(c.model.byModel['anthropic']!['claude-x']!.costMicroUsd).toBe(12_340);
    expect(c.tools.calls).toBe(2);
    expect(c.tools.byTool['bash']).toEqual({ calls: 2, durationMs: 40, bytesSent: 0, bytesReceived: 0 });
    expect(c.tools.mcp['fs']!['read_file']!.calls).toBe(1);
    expect(c.files).toEqual({ events: 7, byAction: { created: 4, modified: 1, overflow: 2 } });
    expect(c.exec).toEqual({ started: 2, completed: 2 });
    expect(c.audit.byExe['/bin/sh']).toEqual({
      count: 3,
      firstSeen: '2026-10-01T00:00:00.000000Z',
      lastSeen: '2026-10-01T00:01:00.000000Z',
    });
    expect(c.security.byRule['r1']!['block']!['high']).toEqual({
      count: 1,
      latestEventId: 'aabbccddeeff',
      latestTimestampUnixMs: 1_791_000_000_005,
    });
    expect(c.security.openAsks).toEqual(['0123456789ab']);
    expect(c.plugins['scanner']).toEqual({
      executions: 4,
      applied: 3,
      skipped: 1,
      totalDurationUs: 800,
      maxDurationUs: 300,
      detections: 1,
    });
    expect(c.credentials['credential:blake3:ab']).toMatchObject({
      provider: 'github',
      substitutions: 2,
      lastSeenUnixMs: 1_791_000_000_009,
    });

    const big = decodeLedgerCounters(encodeSparse({ net: { bytes_received: BIG_COUNTER, bytes_sent: 2n ** 40n } }), 'c', notes)!;
    expect(big.net.bytesReceived).toBe(BIG_COUNTER);
    expect(typeof big.net.bytesReceived).toBe('bigint');
    // A uint64 encoding of a value that fits in a double comes back as a plain number.
    expect(big.net.bytesSent).toBe(2 ** 40);
    expect(big.net.total).toBe(0);
  });

  it('name maps have no prototype: ledger keys such as "constructor" are plain entries', () => {
    const notes: string[] = [];
    const c = decodeLedgerCounters(encode({ files: { events: 1, by_action: { constructor: 1, toString: 2 } } }), 'c', notes)!;
    expect(Object.getPrototypeOf(c.files.byAction)).toBeNull();
    expect(c.files.byAction['constructor']).toBe(1);
    expect(c.files.byAction['hasOwnProperty']).toBeUndefined();
  });
});

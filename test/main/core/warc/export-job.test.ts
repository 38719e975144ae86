// The export job on a hand-made ledger (fake evidence, bodies from memory): URIs and dates per source table,
// skip reasons, the closing record, and every way the job must leave nothing under the final name.
import { afterEach, describe, expect, test } from 'vitest';
import { encode } from '@msgpack/msgpack';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportWarc } from '../../../../src/main/core/warc/export-job.js';
import type { BodyReadResult } from '../../../../src/main/core/archive/types.js';
import { fakeLedger, indexRow, type FakeBody, type FakeLedger } from './fake-evidence.js';
import { readWarc, warcFields } from './read-warc.js';
import { createBlockDigester, digestBlock } from '../../../../src/main/core/warc/digest.js';

const ok = (text: string | Uint8Array): BodyReadResult => ({ ok: true, bytes: typeof text === 'string' ? Buffer.from(text) : text });
const bad = (
  code: 'BODY_HASH_MISMATCH' | 'SEGMENT_HASH_MISMATCH' | 'BLOCK_NOT_RECORDED' | 'SPAN_OUT_OF_RANGE' | 'DECODE_FAILED',
): BodyReadResult => ({ ok: false, error: { code, message: `${code} for test` } });

let ledger: FakeLedger | null = null;
afterEach(() => {
  ledger?.db.close();
  if (ledger) rmSync(ledger.root, { recursive: true, force: true });
  ledger = null;
});

function seed(l: FakeLedger): FakeBody[] {
  const run = (sql: string, ...params: unknown[]) => l.db.prepare(sql).run(...params);
  run(
    "INSERT INTO net_events (event_id, timestamp, domain, path) VALUES ('a00000000001', '2026-03-02T14:50:40.999999Z', 'api.example.com', '/v1/x')",
  );
  run("INSERT INTO net_events (event_id, timestamp, domain, path) VALUES ('a00000000001', '2020-01-01T00:00:00Z', 'later.example', '/no')");
  run("INSERT INTO net_events (event_id, timestamp, domain, path) VALUES ('a00000000002', '2026-03-02T14:50:41Z', 'nopath.example', NULL)");
  run(
    "INSERT INTO model_calls (event_id, timestamp, provider, path) VALUES ('b00000000001', '2026-03-02T14:51:00.5Z', 'anthropic', '/v1/messages')",
  );
  run("INSERT INTO tool_calls (event_id, timestamp, tool_name) VALUES ('c00000000001', '2026-03-02T14:52:00.000001Z', 'read_file')");
  run(
    "INSERT INTO tool_calls (event_id, timestamp, tool_name) VALUES ('c00000000002', '2026-03-02T14:52:00Z', 'evil\r\nWARC-Type: response')",
  );
  run("INSERT INTO tool_calls (event_id, timestamp, tool_name) VALUES ('c00000000003', '2026-03-02 14:52:00', 'late')");
  run("INSERT INTO tool_responses (event_id, call_id) VALUES ('d00000000001', 'call_1')");
  run("INSERT INTO exec_events (event_id, timestamp, exec_id) VALUES ('e00000000001', '2026-03-02T14:53:00.1Z', 7)");
  run("INSERT INTO security_rule_events (event_id, timestamp_unix_ms, rule_id) VALUES ('f00000000001', 1772463040999, 'rule-1')");
  run("INSERT INTO security_rule_events (event_id, timestamp_unix_ms, rule_id) VALUES ('f00000000002', -5, 'rule-2')");
  run("INSERT INTO security_decision_runs (id, actor) VALUES (1, 'run-actor')");
  run("INSERT INTO security_decision_events (event_id, timestamp_unix_ms, actor, run_id) VALUES ('f00000000001', 1772463041000, NULL, 1)");
  run(
    "INSERT INTO security_decision_events (event_id, timestamp_unix_ms, actor, run_id) VALUES ('f00000000003', 1772463042000, 'own-actor', 1)",
  );
  run("INSERT INTO security_ask_events (event_id, timestamp_unix_ms, ask_id) VALUES ('f00000000001', 1772463043000, 'ask000000001')");
  const msgpack = encode({ event_type: 'security.rule', n: 1 });
  return [
    {
      row: indexRow({
        eventId: 'a00000000001',
        sourceTable: 'net_events',
        direction: 'request',
        contentType: 'application/json',
        bodyLen: 2,
      }),
      result: ok('{}'),
    },
    {
      row: indexRow({
        eventId: 'a00000000001',
        sourceTable: 'net_events',
        direction: 'response',
        contentType: null,
        truncated: true,
        bodyLen: 3,
      }),
      result: ok('abc'),
    },
    { row: indexRow({ eventId: 'a00000000002', sourceTable: 'net_events', direction: 'response', bodyLen: 0 }), result: ok('') },
    { row: indexRow({ eventId: 'b00000000001', sourceTable: 'model_calls', direction: 'response', bodyLen: 5 }), result: ok('model') },
    { row: indexRow({ eventId: 'c00000000001', sourceTable: 'tool_calls', direction: 'request', bodyLen: 4 }), result: ok('tool') },
    { row: indexRow({ eventId: 'c00000000002', sourceTable: 'tool_calls', direction: 'request', bodyLen: 4 }), result: ok('evil') },
    { row: indexRow({ eventId: 'c00000000003', sourceTable: 'tool_calls', direction: 'request', bodyLen: 4 }), result: ok('late') },
    {
      row: indexRow({
        eventId: 'd00000000001',
        sourceTable: 'tool_responses',
        direction: 'response',
        createdAt: '2026-03-02T15:00:00.123456Z',
        bodyLen: 4,
      }),
      result: ok('resp'),
    },
    { row: indexRow({ eventId: 'e00000000001', sourceTable: 'exec_events', direction: 'stdout', bodyLen: 3 }), result: ok('out') },
    {
      row: indexRow({
        eventId: 'f00000000001',
        sourceTable: 'security_rule_events',
        direction: 'payload',
        contentType: 'application/vnd.capsem.security+msgpack',
        bodyLen: msgpack.length,
      }),
      result: ok(msgpack),
    },
    { row: indexRow({ eventId: 'f00000000002', sourceTable: 'security_rule_events', direction: 'payload', bodyLen: 1 }), result: ok('x') },
    {
      row: indexRow({ eventId: 'f00000000001', sourceTable: 'security_decision_events', direction: 'payload', bodyLen: 2 }),
      result: ok('d1'),
    },
    {
      row: indexRow({ eventId: 'f00000000003', sourceTable: 'security_decision_events', direction: 'payload', bodyLen: 2 }),
      result: ok('d3'),
    },
    {
      row: indexRow({
        eventId: 'f00000000001',
        sourceTable: 'security_ask_events',
        direction: 'payload',
        contentType: 'application/vnd.capsem.security+msgpack',
        bodyLen: 1,
      }),
      result: ok(new Uint8Array([0xc1])),
    },
    { row: indexRow({ eventId: 'ffffffffffff', sourceTable: 'net_events', direction: 'request', bodyLen: 1 }), result: ok('m') },
    {
      row: indexRow({ eventId: 'b00000000001', sourceTable: 'model_calls', direction: 'request', bodyLen: 1 }),
      result: bad('BODY_HASH_MISMATCH'),
    },
    {
      row: indexRow({ eventId: 'e00000000001', sourceTable: 'exec_events', direction: 'stderr', bodyLen: 1 }),
      result: bad('SEGMENT_HASH_MISMATCH'),
    },
    {
      row: indexRow({ eventId: 'c00000000001', sourceTable: 'tool_calls', direction: 'response', bodyLen: 1 }),
      result: bad('BLOCK_NOT_RECORDED'),
    },
  ];
}

describe('export job on a hand-made ledger', () => {
  test('URIs, dates, content types, truncation, skips and the closing record', async () => {
    ledger = fakeLedger('sess-1');
    const bodies = seed(ledger);
    const destination = join(ledger.outDir, 'x.warc.gz');
    const result = await exportWarc(
      ledger.evidence(),
      { destination, fixedExportId: 'ab'.repeat(16), fixedExportDate: new Date('2026-04-01T10:00:00.900Z') },
      ledger.source(bodies),
    );
    expect(result.ok ? null : result.error).toBeNull();
    if (!result.ok) return;
    const s = result.value;
    expect(s.skippedByReason).toEqual({
      'corrupt-body': 2,
      'missing-source-row': 1,
      'unreadable-body': 2,
      'unreadable-timestamp': 2,
      'unrepresentable-uri': 1,
    });
    expect(s.resourceRecords + s.skipped).toBe(bodies.length);
    expect(s.indexRows).toBe(bodies.length);

    const records = await readWarc(destination);
    expect(records.length).toBe(s.resourceRecords + 2);
    const resources = records
      .slice(1, -1)
      .map((r) => [
        r.header('WARC-Record-ID'),
        r.header('WARC-Target-URI'),
        r.header('WARC-Date'),
        r.header('Content-Type'),
        r.block.toString('utf8'),
      ]);
    expect(resources).toEqual([
      [
        '<urn:capsem:sess-1:net_events:a00000000001:request>',
        'https://api.example.com/v1/x',
        '2026-03-02T14:50:40Z',
        'application/json',
        '{}',
      ],
      [
        '<urn:capsem:sess-1:net_events:a00000000001:response>',
        'https://api.example.com/v1/x',
        '2026-03-02T14:50:40Z',
        'application/octet-stream',
        'abc',
      ],
      ['<urn:capsem:sess-1:net_events:a00000000002:response>', 'https://nopath.example', '2026-03-02T14:50:41Z', 'text/plain', ''],
      [
        '<urn:capsem:sess-1:model_calls:b00000000001:response>',
        'https://anthropic/v1/messages',
        '2026-03-02T14:51:00Z',
        'text/plain',
        'model',
      ],
      ['<urn:capsem:sess-1:tool_calls:c00000000001:request>', 'capsem://tool/read_file', '2026-03-02T14:52:00Z', 'text/plain', 'tool'],
      [
        '<urn:capsem:sess-1:tool_responses:d00000000001:response>',
        'capsem://tool-response/call_1',
        '2026-03-02T15:00:00Z',
        'text/plain',
        'resp',
      ],
      ['<urn:capsem:sess-1:exec_events:e00000000001:stdout>', 'capsem://exec/7', '2026-03-02T14:53:00Z', 'text/plain', 'out'],
      [
        '<urn:capsem:sess-1:security_rule_events:f00000000001:payload>',
        'capsem://security/rule-1',
        '2026-03-02T14:50:40Z',
        'application/json',
        '{"event_type":"security.rule","n":1}',
      ],
      [
        '<urn:capsem:sess-1:security_decision_events:f00000000001:payload>',
        'capsem://security-decision/run-actor',
        '2026-03-02T14:50:41Z',
        'text/plain',
        'd1',
      ],
      [
        '<urn:capsem:sess-1:security_decision_events:f00000000003:payload>',
        'capsem://security-decision/own-actor',
        '2026-03-02T14:50:42Z',
        'text/plain',
        'd3',
      ],
    ]);
    // Truncation is declared only where the row says so, and never changes Content-Length.
    expect(records.map((r) => r.header('WARC-Truncated') ?? null).filter((v) => v !== null)).toEqual(['length']);
    expect(records[2]!.header('Content-Length')).toBe('3');
    // Every block digest is blake3 of the bytes written.
    const digester = await createBlockDigester('blake3');
    for (const r of records) expect(r.header('WARC-Block-Digest')).toBe(digestBlock(digester, r.block));
    for (const r of records.slice(1, -1)) expect(r.header('WARC-Type')).toBe('resource');

    const closing = records[records.length - 1]!;
    expect(closing.header('WARC-Record-ID')).toBe(`<urn:capsem:sess-1:warcinfo:closing:${'ab'.repeat(16)}>`);
    expect(closing.header('WARC-Date')).toBe('2026-04-01T10:00:00Z');
    expect(warcFields(closing.block)).toEqual([
      ['software', 'capsem-ledger-inspector/0.1.0'],
      ['capsem-records', '10'],
      ['capsem-skipped', '8'],
      ['capsem-skipped-corrupt-body', '2'],
      ['capsem-skipped-missing-source-row', '1'],
      ['capsem-skipped-unreadable-body', '2'],
      ['capsem-skipped-unreadable-timestamp', '2'],
      ['capsem-skipped-unrepresentable-uri', '1'],
    ]);
    expect(s.skippedSample.map((x) => [x.eventId, x.reason])).toEqual([
      ['c00000000002', 'unrepresentable-uri'],
      ['c00000000003', 'unreadable-timestamp'],
      ['f00000000002', 'unreadable-timestamp'],
      ['f00000000001', 'corrupt-body'],
      ['ffffffffffff', 'missing-source-row'],
      ['b00000000001', 'corrupt-body'],
      ['e00000000001', 'unreadable-body'],
      ['c00000000001', 'unreadable-body'],
    ]);
    expect(readdirSync(ledger.outDir)).toEqual(['x.warc.gz']);
    expect(readdirSync(ledger.evidenceDir)).toEqual(['session.db']);
  });

  test('--digest sha256 writes base32 sha256 digests that match the blocks', async () => {
    ledger = fakeLedger();
    const bodies = seed(ledger);
    const destination = join(ledger.outDir, 's.warc.gz');
    const result = await exportWarc(ledger.evidence(), { destination, digest: 'sha256' }, ledger.source(bodies));
    expect(result.ok).toBe(true);
    const records = await readWarc(destination);
    const digester = await createBlockDigester('sha256');
    for (const r of records) {
      expect(r.header('WARC-Block-Digest')).toMatch(/^sha256:[A-Z2-7]{52}====$/);
      expect(r.header('WARC-Block-Digest')).toBe(digestBlock(digester, r.block));
    }
    expect(warcFields(records[0]!.block)).toContainEqual(['capsem-block-digest-algorithm', 'sha256']);
  });
});

describe('nothing under the final name unless verified', () => {
  async function runWith(options: Partial<Parameters<typeof exportWarc>[1]>) {
    ledger = fakeLedger();
    const bodies = seed(ledger);
    const destination = join(ledger.outDir, 'x.warc.gz');
    const result = await exportWarc(ledger.evidence(), { destination, ...options }, ledger.source(bodies));
    return { result, destination, left: readdirSync(ledger.outDir) };
  }

  test('a broken writer (one body byte changed before gzip) fails the re-read', async () => {
    const { result, left } = await runWith({
      testHooks: {
        alterRecord: (index, bytes) => {
          if (index !== 1) return bytes;
          const copy = Buffer.from(bytes);
          copy[copy.length - 5]! ^= 0x01; // last block byte, before the CRLF CRLF
          return copy;
        },
      },
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('EXPORT_FAILED');
      expect(result.error.message).toMatch(/record 1 .*block digest/);
    }
    expect(left).toEqual([]);
  });

  test('with gzip worker threads: a broken writer, a full disk and a cancel all leave nothing', async () => {
    const flipped = await runWith({
      compressionWorkers: 2,
      testHooks: {
        alterRecord: (index, bytes) =>
          index === 1
            ? Buffer.concat([
                bytes.subarray(0, bytes.length - 5),
                Buffer.from([bytes[bytes.length - 5]! ^ 1]),
                bytes.subarray(bytes.length - 4),
              ])
            : bytes,
      },
    });
    expect(flipped.result.ok ? 'ok' : flipped.result.error.message).toMatch(/record 1 .*block digest/);
    expect(flipped.left).toEqual([]);
    ledger?.db.close();
    rmSync(ledger!.root, { recursive: true, force: true });

    const full = await runWith({
      compressionWorkers: 2,
      testHooks: {
        afterMember: (index) => {
          if (index === 4) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
        },
      },
    });
    expect(full.result.ok ? null : full.result.error.message).toMatch(/disk is full/);
    expect(full.left).toEqual([]);
    ledger?.db.close();
    rmSync(ledger!.root, { recursive: true, force: true });

    const controller = new AbortController();
    const cancelled = await runWith({
      compressionWorkers: 2,
      signal: controller.signal,
      testHooks: { afterMember: (index) => void (index === 1 && controller.abort()) },
    });
    expect(cancelled.result.ok ? 'ok' : cancelled.result.error.code).toBe('CANCELLED');
    expect(cancelled.left).toEqual([]);
  });

  test('a writer that drops the terminator fails the re-read', async () => {
    const { result, left } = await runWith({
      testHooks: { alterRecord: (index, bytes) => (index === 2 ? bytes.subarray(0, bytes.length - 2) : bytes) },
    });
    expect(result.ok ? 'ok' : result.error.code).toBe('EXPORT_FAILED');
    expect(left).toEqual([]);
  });

  test('a writer that changes a header value the plan did not hold fails the re-read', async () => {
    const { result, left } = await runWith({
      testHooks: {
        alterRecord: (index, bytes) =>
          index === 1 ? Buffer.from(Buffer.from(bytes).toString('latin1').replace('api.example.com', 'api.example.org'), 'latin1') : bytes,
      },
    });
    expect(result.ok ? 'ok' : result.error.message).toMatch(/record 1 .*differs from the planned record/);
    expect(left).toEqual([]);
  });

  test('a byte flipped in the file before the re-read fails it', async () => {
    const { result, left } = await runWith({
      testHooks: {
        beforeReread: (path) => {
          const bytes = readFileSync(path);
          bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
          writeFileSync(path, bytes);
        },
      },
    });
    expect(result.ok ? 'ok' : result.error.code).toBe('EXPORT_FAILED');
    expect(left).toEqual([]);
  });

  test('bytes appended after the closing record fail the re-read', async () => {
    const { result, left } = await runWith({
      testHooks: { beforeReread: (path) => writeFileSync(path, Buffer.concat([readFileSync(path), Buffer.from('WARC/1.1\r\n\r\n')])) },
    });
    expect(result.ok ? 'ok' : result.error.code).toBe('EXPORT_FAILED');
    expect(left).toEqual([]);
  });

  test('a full disk (ENOSPC on write) fails with a named cause and deletes the temporary file', async () => {
    const { result, left } = await runWith({
      testHooks: {
        afterMember: (index) => {
          if (index === 4) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
        },
      },
    });
    expect(result.ok ? null : result.error).toEqual({ code: 'EXPORT_FAILED', message: expect.stringMatching(/disk is full/) });
    expect(left).toEqual([]);
  });

  test('a cancel part-way returns CANCELLED and deletes the temporary file', async () => {
    const controller = new AbortController();
    const { result, left } = await runWith({
      signal: controller.signal,
      testHooks: { afterMember: (index) => void (index === 5 && controller.abort()) },
    });
    expect(result.ok ? 'ok' : result.error.code).toBe('CANCELLED');
    expect(left).toEqual([]);
  });

  test('a cancel during the re-read leaves nothing', async () => {
    const controller = new AbortController();
    const { result, left } = await runWith({
      signal: controller.signal,
      testHooks: { beforeReread: () => void setTimeout(() => controller.abort(), 0) },
    });
    expect(result.ok ? 'ok' : result.error.code).toBe('CANCELLED');
    expect(left).toEqual([]);
  });

  test('the destination may not be inside the evidence folder, even through ..', async () => {
    ledger = fakeLedger();
    const bodies = seed(ledger);
    for (const destination of [join(ledger.evidenceDir, 'x.warc.gz'), join(ledger.outDir, '..', 'sess-1', 'x.warc.gz')]) {
      const result = await exportWarc(ledger.evidence(), { destination }, ledger.source(bodies));
      expect(result.ok ? 'ok' : result.error.code).toBe('EXPORT_DESTINATION');
    }
    expect(readdirSync(ledger.evidenceDir)).toEqual(['session.db']);
  });

  test('a missing destination folder is refused', async () => {
    ledger = fakeLedger();
    const result = await exportWarc(ledger.evidence(), { destination: join(ledger.outDir, 'nope', 'x.warc.gz') }, ledger.source([]));
    expect(result.ok ? 'ok' : result.error.code).toBe('EXPORT_DESTINATION');
  });

  test('stale temporary files of a dead exporter are removed; others are left alone', async () => {
    ledger = fakeLedger();
    const stale = join(ledger.outDir, '.x.warc.gz.999999999.0badf00d.partial');
    const alive = join(ledger.outDir, `.x.warc.gz.${process.pid}.01234567.partial`);
    const unrelated = join(ledger.outDir, '.y.warc.gz.999999999.0badf00d.partial');
    for (const p of [stale, alive, unrelated]) writeFileSync(p, 'partial');
    const result = await exportWarc(ledger.evidence(), { destination: join(ledger.outDir, 'x.warc.gz') }, ledger.source([]));
    expect(result.ok).toBe(true);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(alive)).toBe(true);
    expect(existsSync(unrelated)).toBe(true);
  });

  test('an empty index exports just the two warcinfo records', async () => {
    ledger = fakeLedger();
    const destination = join(ledger.outDir, 'e.warc.gz');
    const result = await exportWarc(ledger.evidence(), { destination }, ledger.source([]));
    expect(result.ok ? [result.value.resourceRecords, result.value.skipped] : result.error).toEqual([0, 0]);
    const records = await readWarc(destination);
    expect(records.map((r) => r.header('WARC-Type'))).toEqual(['warcinfo', 'warcinfo']);
    expect(records[0]!.header('WARC-Record-ID')!.replace(/[0-9a-f]{32}>$/, 'ID>')).toBe('<urn:capsem:sess-1:warcinfo:opening:ID>');
  });
});

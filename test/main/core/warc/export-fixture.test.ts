// The export on fixture ledgers from the writer, opened through openEvidence: a damaged A4 session edited to hold
// every skip reason, and every generation. The file is read back with warcio and checked record by record.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeLedger, type WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { GenerationName } from '../../../fixtures/writer/schema-generations.js';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import { exportWarc } from '../../../../src/main/core/warc/export-job.js';
import { createBlockDigester, digestBlock } from '../../../../src/main/core/warc/digest.js';
import type { ExportSummary } from '../../../../src/main/core/warc/types.js';
import { expectedOutcomes } from './fixture-expectations.js';
import { readWarc, warcFields, type ReadRecord } from './read-warc.js';

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'warc-fixture-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function exportLedger(
  w: WrittenLedger,
  name: string,
  digest: 'blake3' | 'sha256' = 'blake3',
): Promise<{ summary: ExportSummary; records: ReadRecord[] }> {
  const opened = await openEvidence([w.sessionDir]);
  if (!opened.ok) throw new Error(`${opened.error.code}: ${opened.error.message}`);
  const outDir = join(root, `out-${name}`);
  mkdirSync(outDir, { recursive: true });
  try {
    const result = await exportWarc(opened.value, { destination: join(outDir, 'export.warc.gz'), digest });
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    return { summary: result.value, records: await readWarc(result.value.path) };
  } finally {
    opened.value.close();
  }
}

describe('a damaged A4 session with every kind of row', () => {
  let w: WrittenLedger;
  const unreadable = new Set<number>();
  const corrupt = new Set<number>();

  beforeAll(async () => {
    w = await writeLedger(join(root, 'damaged'), { generation: 'A4', damage: 'flip-segment-hash', journalMode: 'delete' });
    const key = (k: { eventId: string; sourceTable: string; direction: string }) => `${k.eventId}/${k.sourceTable}/${k.direction}`;
    const affected = new Set(w.damage!.affected.map(key));
    for (const b of w.bodies) if (affected.has(key(b.key))) unreadable.add(b.row.id);
    const clean = w.bodies.filter((b) => !affected.has(key(b.key)));
    const pick = (table: string, n = 0) => clean.filter((b) => b.key.sourceTable === table)[n]!;

    // Edits on this private copy: one of each thing the export must skip and count.
    const db = new Database(w.dbPath);
    db.pragma('foreign_keys = OFF');
    const wrongHash = pick('exec_events');
    db.prepare('UPDATE event_body_blobs SET body_hash = ? WHERE id = ?').run(`blake3:${'0'.repeat(64)}`, wrongHash.row.id);
    corrupt.add(wrongHash.row.id);
    const unrecorded = pick('exec_events', 1);
    db.prepare('UPDATE event_body_blobs SET block_offset = 999999 WHERE id = ?').run(unrecorded.row.id);
    unreadable.add(unrecorded.row.id);
    const notMsgpack = pick('net_events', 0);
    db.prepare("UPDATE event_body_blobs SET content_type = 'application/vnd.capsem.security+msgpack' WHERE id = ?").run(notMsgpack.row.id);
    corrupt.add(notMsgpack.row.id);
    const cut = pick('exec_events', 2);
    db.prepare('UPDATE event_body_blobs SET truncated = 1, original_bytes = stored_bytes + 100 WHERE id = ?').run(cut.row.id);
    db.prepare("UPDATE tool_calls SET tool_name = 'evil\r\nWARC-Type: response' WHERE event_id = ?").run(pick('tool_calls').key.eventId);
    db.prepare("UPDATE net_events SET timestamp = '2026-03-02T14:50:41+00:00' WHERE event_id = ?").run(pick('net_events', 2).key.eventId);
    db.prepare('UPDATE security_ask_events SET timestamp_unix_ms = -1 WHERE event_id = ?').run(pick('security_ask_events').key.eventId);
    db.prepare('DELETE FROM net_events WHERE event_id = ?').run(pick('net_events', 4).key.eventId);
    db.close();
  });

  test('every record, every skip, and the reconciliation', async () => {
    const { summary, records } = await exportLedger(w, 'damaged');
    const expected = expectedOutcomes(w, w.sessionId, unreadable, corrupt);
    const expectedRecords = expected.flatMap((o) => (o.kind === 'record' ? [o.record] : []));
    const expectedSkips: Record<string, number> = {};
    for (const o of expected) if (o.kind === 'skip') expectedSkips[o.reason] = (expectedSkips[o.reason] ?? 0) + 1;

    // The fixture really holds every case.
    expect(Object.keys(expectedSkips).sort()).toEqual([
      'corrupt-body',
      'missing-source-row',
      'unreadable-body',
      'unreadable-timestamp',
      'unrepresentable-uri',
    ]);
    expect(expectedRecords.some((r) => r.truncated)).toBe(true);
    expect(expectedRecords.some((r) => r.contentType === 'application/json' && r.recordId.includes(':security_'))).toBe(true);

    const digester = await createBlockDigester('blake3');
    const resources = records.slice(1, -1);
    expect(resources.map((r) => r.header('WARC-Record-ID'))).toEqual(expectedRecords.map((r) => r.recordId));
    resources.forEach((r, i) => {
      const e = expectedRecords[i]!;
      expect(r.header('WARC-Type')).toBe('resource');
      expect(r.header('WARC-Target-URI')).toBe(e.uri);
      expect(r.header('WARC-Date')).toBe(e.date);
      expect(r.header('Content-Type')).toBe(e.contentType);
      expect(r.header('WARC-Truncated')).toBe(e.truncated ? 'length' : undefined);
      expect(r.block.equals(e.bytes)).toBe(true);
      expect(r.header('Content-Length')).toBe(String(e.bytes.length));
      expect(r.header('WARC-Block-Digest')).toBe(digestBlock(digester, e.bytes));
      // A body exported unchanged carries its index hash as the block digest.
      const written = w.bodies.find((b) => b.row.id === e.rowId)!;
      if (e.contentType !== 'application/json' || !e.recordId.includes(':security_'))
        expect(r.header('WARC-Block-Digest')).toBe(written.row.bodyHash);
    });

    expect(summary.skippedByReason).toEqual({
      'corrupt-body': 0,
      'missing-source-row': 0,
      'unreadable-body': 0,
      'unreadable-timestamp': 0,
      'unrepresentable-uri': 0,
      ...expectedSkips,
    });
    expect(summary.resourceRecords).toBe(expectedRecords.length);
    // Exported + skipped = every row of the index.
    const indexRows = w.bodies.length;
    expect(summary.resourceRecords + summary.skipped).toBe(indexRows);
    expect(summary.indexRows).toBe(indexRows);

    const opening = records[0]!;
    const closing = records[records.length - 1]!;
    expect(opening.header('WARC-Type')).toBe('warcinfo');
    expect(closing.header('WARC-Record-ID')).toBe(`<urn:capsem:${w.sessionId}:warcinfo:closing:${summary.exportId}>`);
    expect(opening.header('WARC-Record-ID')).toBe(`<urn:capsem:${w.sessionId}:warcinfo:opening:${summary.exportId}>`);
    expect(opening.header('WARC-Target-URI')).toBeUndefined();
    const openingFields = warcFields(opening.block);
    expect(openingFields.slice(0, 5).map(([n]) => n)).toEqual([
      'software',
      'format',
      'capsem-session',
      'capsem-exported-at',
      'capsem-block-digest-algorithm',
    ]);
    expect(Object.fromEntries(openingFields)).toMatchObject({
      'capsem-session': w.sessionId,
      'capsem-exported-at': summary.exportDate,
      'inspector-ledger-generation': 'A4',
    });
    const closingFields = Object.fromEntries(warcFields(closing.block));
    expect(closingFields['capsem-records']).toBe(String(expectedRecords.length));
    expect(closingFields['capsem-skipped']).toBe(String(indexRows - expectedRecords.length));
    for (const [reason, n] of Object.entries(expectedSkips)) expect(closingFields[`capsem-skipped-${reason}`]).toBe(String(n));
  });

  test('the opening warcinfo carries the evidence hashes taken at open', async () => {
    const opened = await openEvidence([w.sessionDir]);
    if (!opened.ok) throw new Error(opened.error.message);
    const hashes = opened.value.hashes;
    opened.value.close();
    const { records } = await exportLedger(w, 'hashes');
    const fields = Object.fromEntries(warcFields(records[0]!.block));
    expect(fields).toMatchObject({
      'inspector-session-db-sha256': hashes.db!.sha256,
      'inspector-session-db-blake3': hashes.db!.blake3,
      'inspector-archive-sha256': hashes.archive!.sha256,
      'inspector-archive-blake3': hashes.archive!.blake3,
      'inspector-archive-bytes': String(hashes.archive!.size),
    });
  });
});

describe('every generation exports', () => {
  const generations: GenerationName[] = ['L0', 'A1', 'A2-deflate', 'A2-zstd', 'A2-mixed-open', 'A3', 'A4'];
  test.each(generations)('%s: every body, digests equal to the index hashes, archive order', async (generation) => {
    const w = await writeLedger(join(root, `gen-${generation}`), { generation });
    const { summary, records } = await exportLedger(w, generation, generation === 'A3' ? 'sha256' : 'blake3');
    expect(summary.skipped).toBe(0);
    expect(summary.resourceRecords).toBe(w.bodies.length);
    const expected = expectedOutcomes(w, w.sessionId, new Set(), new Set()).flatMap((o) => (o.kind === 'record' ? [o.record] : []));
    expect(records.slice(1, -1).map((r) => [r.header('WARC-Record-ID'), r.header('WARC-Date'), r.block.length])).toEqual(
      expected.map((e) => [e.recordId, e.date, e.bytes.length]),
    );
    const digester = await createBlockDigester(generation === 'A3' ? 'sha256' : 'blake3');
    for (const r of records) expect(r.header('WARC-Block-Digest')).toBe(digestBlock(digester, r.block));
  });
});

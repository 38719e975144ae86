// The re-read checks what warcio alone would let through: member boundaries, record count, file size.
import { afterAll, describe, expect, test } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createBlockDigester, digestBlock } from '../../../../src/main/core/warc/digest.js';
import { recordHeaders, serialiseRecord, type WarcRecordSpec } from '../../../../src/main/core/warc/record-bytes.js';
import { canonicalHeaderText, fingerprint, RecordPlan } from '../../../../src/main/core/warc/record-plan.js';
import { rereadAgainstPlan } from '../../../../src/main/core/warc/reread.js';

const dir = mkdtempSync(join(tmpdir(), 'warc-reread-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function specs(): Promise<WarcRecordSpec[]> {
  const d = await createBlockDigester('blake3');
  return ['one', 'two', 'three'].map((text, i) => {
    const block = Buffer.from(text);
    return {
      type: 'resource',
      recordId: `urn:capsem:s:net_events:00000000000${i}:request`,
      targetUri: `https://x/${i}`,
      date: '2026-01-01T00:00:00Z',
      blockDigest: digestBlock(d, block),
      truncated: false,
      contentType: 'text/plain',
      block,
    };
  });
}

function planFor(records: WarcRecordSpec[], members: Buffer[]): RecordPlan {
  const plan = new RecordPlan();
  let offset = 0;
  records.forEach((r, i) => {
    plan.add(
      r.recordId,
      fingerprint(offset, canonicalHeaderText('WARC/1.1', recordHeaders(r))),
      members[i]!.length,
      serialiseRecord(r).length,
    );
    offset += members[i]!.length;
  });
  return plan;
}

describe('re-read against the plan', () => {
  test('one gzip member per record passes', async () => {
    const records = await specs();
    const members = records.map((r) => gzipSync(serialiseRecord(r), { level: 6 }));
    const path = join(dir, 'ok.warc.gz');
    writeFileSync(path, Buffer.concat(members));
    const result = await rereadAgainstPlan(path, planFor(records, members), await createBlockDigester('blake3'));
    expect(result.ok ? result.value.fileBytes : result.error).toBe(Buffer.concat(members).length);
  });

  test('two records in one gzip member fail (the members are not where the plan puts them)', async () => {
    const records = await specs();
    const members = records.map((r) => gzipSync(serialiseRecord(r), { level: 6 }));
    const plan = planFor(records, members);
    const path = join(dir, 'merged.warc.gz');
    writeFileSync(
      path,
      Buffer.concat([gzipSync(Buffer.concat([serialiseRecord(records[0]!), serialiseRecord(records[1]!)])), members[2]!]),
    );
    const result = await rereadAgainstPlan(path, plan, await createBlockDigester('blake3'));
    expect(result.ok ? 'ok' : result.error.message).toMatch(
      /record 0 .*gzip member at offset 0\) does not inflate: unexpected end of file/,
    );
  });

  test('a missing record fails on the count', async () => {
    const records = await specs();
    const members = records.map((r) => gzipSync(serialiseRecord(r), { level: 6 }));
    const path = join(dir, 'short.warc.gz');
    writeFileSync(path, Buffer.concat(members.slice(0, 2)));
    const result = await rereadAgainstPlan(path, planFor(records, members), await createBlockDigester('blake3'));
    expect(result.ok ? 'ok' : result.error.message).toMatch(/2 records parsed, 3 planned/);
  });

  test('an uncompressed file with the right records fails (offsets are gzip member offsets)', async () => {
    const records = await specs();
    const members = records.map((r) => gzipSync(serialiseRecord(r), { level: 6 }));
    const path = join(dir, 'plain.warc');
    writeFileSync(path, Buffer.concat(records.map((r) => serialiseRecord(r))));
    const result = await rereadAgainstPlan(path, planFor(records, members), await createBlockDigester('blake3'));
    expect(result.ok).toBe(false);
  });
});

// The case file on disk: what is written reads back the same, a write leaves no temporary file behind, and a file that
// is not exactly a case file (a cut line, a bad header, a newer version, an item that fails its checks) is refused by
// name and never written over.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCaseItem } from '../../../../src/main/core/case/case-add.js';
import type { CaseFile } from '../../../../src/main/core/case/case-format.js';
import { readCaseFile } from '../../../../src/main/core/case/case-read.js';
import { caseText, writeCaseFile } from '../../../../src/main/core/case/case-write.js';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import type { ErrorCode } from '../../../../src/shared/errors.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';

const root = mkdtempSync(join(tmpdir(), 'case-file-'));
const cases = mkdtempSync(join(tmpdir(), 'case-file-cases-'));
let ledger: WrittenLedger;
let evidence: Evidence;
beforeAll(async () => {
  ledger = await writeLedger(join(root, 'a'), { generation: 'A4', seed: 7, sessionId: 'case-file-1' });
  const opened = await openEvidence([ledger.sessionDir], { scratchRoot: root, hashArchive: false });
  if (!opened.ok) throw new Error(opened.error.message);
  evidence = opened.value;
});
afterAll(() => {
  evidence?.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(cases, { recursive: true, force: true });
});

const SAMPLE: CaseFile = {
  header: { format: 'capsem-inspect-case', version: 1, createdAt: '2026-03-02T14:50:40.000Z', createdBy: 'test 1' },
  items: [
    {
      id: 'i1',
      createdAt: '2026-03-02T14:51:00.000Z',
      tag: 'notable',
      note: 'line one\nline "two" \u001b[31m',
      sessionId: 's1',
      sessionDbSha256: 'a'.repeat(64),
      table: 'net_events',
      eventId: 'b2ee8ca829b1',
      rowid: null,
      body: { sourceTable: 'net_events', direction: 'response', bodyHash: 'blake3:' + 'b'.repeat(64), range: [10, 20] },
    },
    {
      id: 'i2',
      createdAt: '2026-03-02T14:52:00.000Z',
      tag: 'my-own-tag',
      note: null,
      sessionId: 's1',
      sessionDbSha256: null,
      table: 'transport_schema',
      eventId: null,
      rowid: 1,
      body: null,
    },
  ],
};

function refusal(fn: () => unknown): ErrorCode | 'none' {
  try {
    fn();
    return 'none';
  } catch (e) {
    return (e as { code: ErrorCode }).code;
  }
}

describe('the case file', () => {
  it('reads back exactly what was written, one header line then one line per item', () => {
    const path = join(cases, 'round-trip.jsonl');
    writeCaseFile(path, SAMPLE);
    expect(readCaseFile(path)).toEqual(SAMPLE);
    const lines = readFileSync(path, 'utf8').split('\n');
    expect(lines).toHaveLength(4);
    expect(JSON.parse(lines[0]!)).toMatchObject({ format: 'capsem-inspect-case', version: 1 });
    expect(lines[3]).toBe('');
  });

  it('is absent until first written, and a write leaves only the case file in its folder', () => {
    const folder = mkdtempSync(join(cases, 'atomic-'));
    const path = join(folder, 'case.jsonl');
    expect(readCaseFile(path)).toBeNull();
    writeCaseFile(path, SAMPLE);
    writeCaseFile(path, { ...SAMPLE, items: SAMPLE.items.slice(0, 1) });
    expect(readdirSync(folder)).toEqual(['case.jsonl']);
    expect(readCaseFile(path)!.items).toHaveLength(1);
  });

  it('a write that fails leaves the old file and no temporary file', () => {
    const folder = mkdtempSync(join(cases, 'failed-'));
    const path = join(folder, 'case.jsonl');
    writeCaseFile(path, SAMPLE);
    const before = readFileSync(path);
    // A folder where a case file should be: the rename fails after the temporary file was written beside it.
    mkdirSync(join(folder, 'in-the-way'));
    expect(() => writeCaseFile(join(folder, 'in-the-way'), SAMPLE)).toThrow();
    expect(readdirSync(folder).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    expect(readFileSync(path)).toEqual(before);
  });

  it('adds an item through the evidence, creating the file with its header', () => {
    const path = join(cases, 'added.jsonl');
    const body = ledger.bodies.find((b) => b.key.sourceTable === 'net_events')!;
    const added = addCaseItem(evidence, path, {
      eventId: body.key.eventId,
      body: { direction: body.key.direction, range: [0, 4] },
      tag: 'notable',
      note: 'n',
    });
    const file = readCaseFile(path)!;
    expect(file.header).toMatchObject({ format: 'capsem-inspect-case', version: 1 });
    expect(file.items).toEqual([added.item]);
    expect(added.item).toMatchObject({
      sessionId: 'case-file-1',
      sessionDbSha256: evidence.hashes.db!.sha256,
      table: 'net_events',
      eventId: body.key.eventId,
      rowid: null,
      body: { sourceTable: 'net_events', direction: body.key.direction, bodyHash: body.row.bodyHash, range: [0, 4] },
    });
    expect(added.item.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    addCaseItem(evidence, path, { eventId: body.key.eventId, tag: 'follow-up' });
    expect(readCaseFile(path)!.items.map((i) => i.tag)).toEqual(['notable', 'follow-up']);
  });

  const good = caseText(SAMPLE);
  const [headerLine, itemLine] = good.split('\n');
  it.each([
    ['a line cut short', good.slice(0, -10), 'CASE_DAMAGED', /line 3: the last line is not ended/],
    ['no header', itemLine + '\n', 'CASE_DAMAGED', /line 1: the first line is not a capsem-inspect-case header/],
    ['bad JSON', headerLine + '\n{"id":\n', 'CASE_DAMAGED', /line 2: it is not JSON/],
    ['an unknown field', headerLine + '\n' + itemLine!.replace('{', '{"colour":"red",') + '\n', 'CASE_DAMAGED', /unknown field colour/],
    ['a bad tag', headerLine + '\n' + itemLine!.replace('"notable"', '"Not Able"') + '\n', 'CASE_DAMAGED', /"tag" is missing or not valid/],
    ['an empty line', good + '\n', 'CASE_DAMAGED', /line 4: it is not JSON/],
    [
      'a newer version',
      good.replace('"version":1', '"version":2'),
      'CASE_TOO_NEW',
      /is too new: it is version 2; this build reads up to version 1/,
    ],
  ] as const)('refuses %s by name and leaves the file byte for byte', (_name, text, code, sentence) => {
    const path = join(cases, `damaged-${code}-${Math.random().toString(16).slice(2)}.jsonl`);
    writeFileSync(path, text);
    const before = readFileSync(path);
    expect(refusal(() => readCaseFile(path))).toBe(code);
    expect(() => readCaseFile(path)).toThrow(sentence);
    const eventId = ledger.bodies[0]!.key.eventId;
    expect(refusal(() => addCaseItem(evidence, path, { eventId, table: ledger.bodies[0]!.key.sourceTable, tag: 'notable' }))).toBe(code);
    expect(readFileSync(path)).toEqual(before);
  });
});

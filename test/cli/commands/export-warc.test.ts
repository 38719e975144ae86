// capsem-inspect export-warc: exit codes, the summary (text and --json), and nothing under the name on failure.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../../../src/cli/commands/export-warc.js';
import { captureIo } from '../../../src/cli/io.js';
import { writeLedger, type WrittenLedger } from '../../fixtures/writer/ledger-writer.js';
import { readWarc } from '../../main/core/warc/read-warc.js';

let root: string;
let w: WrittenLedger;
let out: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cli-export-'));
  w = await writeLedger(join(root, 'ledgers'), { generation: 'A4', damage: 'wrong-body-hash' });
  out = join(root, 'out');
  mkdirSync(out);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('export-warc', () => {
  test('exit 0 with a text summary; the file digests printed are the file’s', async () => {
    const io = captureIo();
    const file = join(out, 'a.warc.gz');
    expect(await run([w.sessionDir, '-o', file], io)).toBe(0);
    const bytes = readFileSync(file);
    expect(io.out).toContain(`exported ${w.bodies.length - w.damage!.affected.length} of ${w.bodies.length} bodies to ${file}`);
    expect(io.out).toContain(`skipped ${w.damage!.affected.length} (corrupt-body ${w.damage!.affected.length})`);
    expect(io.out).toContain(`sha256 ${createHash('sha256').update(bytes).digest('hex')}`);
    expect(io.err).toBe('');
  });

  test('--json --digest sha256 prints the summary as JSON and writes sha256 digests', async () => {
    const io = captureIo();
    const file = join(out, 'b.warc.gz');
    expect(await run([w.sessionDir, '-o', file, '--digest', 'sha256', '--json'], io)).toBe(0);
    const parsed = JSON.parse(io.out) as { ok: boolean; summary: { resourceRecords: number; skipped: number; skippedByReason: Record<string, number>; fileBytes: number; digestAlgorithm: string } };
    expect(parsed.ok).toBe(true);
    expect(parsed.summary.digestAlgorithm).toBe('sha256');
    expect(parsed.summary.resourceRecords + parsed.summary.skipped).toBe(w.bodies.length);
    expect(parsed.summary.skippedByReason['corrupt-body']).toBe(w.damage!.affected.length);
    expect(parsed.summary.fileBytes).toBe(readFileSync(file).length);
    const records = await readWarc(file);
    expect(records[1]!.header('WARC-Block-Digest')).toMatch(/^sha256:[A-Z2-7]+=*$/);
  });

  test('exit 2 when the ledger cannot be opened', async () => {
    const io = captureIo();
    const notALedger = join(root, 'junk');
    mkdirSync(notALedger);
    writeFileSync(join(notALedger, 'session.db'), 'not sqlite at all');
    const file = join(out, 'c.warc.gz');
    expect(await run([notALedger, '-o', file], io)).toBe(2);
    expect(io.err).toMatch(/^capsem-inspect export-warc: [A-Z_]+: /);
    expect(existsSync(file)).toBe(false);
  });

  test('exit 1 when the destination is inside the evidence folder; nothing written there', async () => {
    const io = captureIo();
    const before = readdirSync(w.sessionDir).sort();
    expect(await run([w.sessionDir, '-o', join(w.sessionDir, 'x.warc.gz'), '--json'], io)).toBe(1);
    expect(JSON.parse(io.out)).toMatchObject({ ok: false, error: { code: 'EXPORT_DESTINATION' } });
    expect(readdirSync(w.sessionDir).sort()).toEqual(before);
  });

  test('exit 1 when the destination folder does not exist', async () => {
    const io = captureIo();
    expect(await run([w.sessionDir, '-o', join(out, 'missing', 'x.warc.gz')], io)).toBe(1);
    expect(io.err).toContain('EXPORT_DESTINATION');
  });

  test.each([[[]], [['-o', 'x.warc.gz']], [['somewhere']], [['p', '-o', 'x', '--digest', 'md5']], [['p', '-o', 'x', '--frobnicate']]])('usage errors exit 2: %j', async (args) => {
    const io = captureIo();
    expect(await run(args, io)).toBe(2);
    expect(io.err).toContain('usage: capsem-inspect export-warc');
  });
});

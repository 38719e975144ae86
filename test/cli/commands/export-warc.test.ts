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

/** An A4 ledger whose session.bodies is an A2 build's single file instead of a generation directory. */
async function legacyFileWhereGenerationExpected(dir: string): Promise<string> {
  const a4 = await writeLedger(join(dir, 'a4'), { generation: 'A4' });
  const a2 = await writeLedger(join(dir, 'a2'), { generation: 'A2-zstd' });
  rmSync(join(a4.sessionDir, 'session.bodies'), { recursive: true });
  writeFileSync(join(a4.sessionDir, 'session.bodies'), readFileSync(join(a2.sessionDir, 'session.bodies')));
  return a4.sessionDir;
}

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
    const parsed = JSON.parse(io.out) as {
      ok: boolean;
      summary: {
        resourceRecords: number;
        skipped: number;
        skippedByReason: Record<string, number>;
        fileBytes: number;
        digestAlgorithm: string;
      };
    };
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

  test('a destination inside the evidence folder is a usage error (exit 2); nothing written there', async () => {
    const io = captureIo();
    const before = readdirSync(w.sessionDir).sort();
    expect(await run([w.sessionDir, '-o', join(w.sessionDir, 'x.warc.gz'), '--json'], io)).toBe(2);
    expect(JSON.parse(io.out)).toMatchObject({ ok: false, error: { code: 'EXPORT_DESTINATION' } });
    expect(readdirSync(w.sessionDir).sort()).toEqual(before);
  });

  test.each(['missing-archive', 'bad-file-header', 'truncate-archive', 'legacy-file'] as const)(
    '%s: the archive cannot be read at all: exit 1, no file, a sentence naming why',
    async (kind) => {
      const ledger =
        kind === 'legacy-file'
          ? await legacyFileWhereGenerationExpected(join(root, kind))
          : (await writeLedger(join(root, kind), { generation: 'A4', damage: kind })).sessionDir;
      const io = captureIo();
      const file = join(out, `${kind}.warc.gz`);
      expect(await run([ledger, '-o', file], io)).toBe(1);
      expect(existsSync(file)).toBe(false);
      expect(readdirSync(out).filter((n) => n.startsWith(`${kind}.warc.gz`))).toEqual([]);
      expect(io.out).toBe('');
      expect(io.err).toMatch(
        new RegExp(
          `^capsem-inspect export-warc: [A-Z_]+: cannot export: .+; nothing was written to ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\n$`,
        ),
      );
    },
  );

  test('on a terminal the records tick by on stderr; the line is cleared before the summary', async () => {
    const io = { ...captureIo(), isTty: true };
    let err = '';
    io.stderr = (t: string) => void (err += t);
    expect(await run([w.sessionDir, '-o', join(out, 'tty.warc.gz')], io)).toBe(0);
    expect(err).toMatch(/\rexporting: \d+ of \d+ records/);
    expect(err.endsWith('\r\u001b[K')).toBe(true);
  });

  test('an L0 ledger exports from SQLite and says so in one sentence', async () => {
    const l0 = await writeLedger(join(root, 'l0'), { generation: 'L0' });
    const io = captureIo();
    expect(await run([l0.sessionDir, '-o', join(out, 'l0.warc.gz')], io)).toBe(0);
    // Match the sentence, not the token: the random scratch folder in the summary line can spell "L0" too.
    expect(io.out.split('\n').filter((l) => l.includes('an L0 ledger'))).toEqual([
      'This is an L0 ledger: its generation has no body archive, so the bodies were read from event_body_blobs.body in session.db.',
    ]);
  });

  test('exit 1 when the destination folder does not exist', async () => {
    const io = captureIo();
    expect(await run([w.sessionDir, '-o', join(out, 'missing', 'x.warc.gz')], io)).toBe(1);
    expect(io.err).toContain('EXPORT_DESTINATION');
  });

  test.each([[[]], [['-o', 'x.warc.gz']], [['somewhere']], [['p', '-o', 'x', '--digest', 'md5']], [['p', '-o', 'x', '--frobnicate']]])(
    'usage errors exit 2: %j',
    async (args) => {
      const io = captureIo();
      expect(await run(args, io)).toBe(2);
      expect(io.err).toContain('usage: capsem-inspect export-warc');
    },
  );
});

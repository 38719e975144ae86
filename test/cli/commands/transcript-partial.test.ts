// capsem-inspect transcript -o FILE stopped half-way: a write that fails, or a Ctrl-C, after the first bytes are in
// the temporary file leaves neither FILE nor the temporary `.partial-<pid>` file behind. The export itself is
// replaced here by one that writes a piece, then fails or waits for the interrupt, so the stop falls mid-file.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { InspectorError } from '../../../src/shared/errors.js';
import { run } from '../../../src/cli/commands/transcript.js';
import { captureIo } from '../../../src/cli/io.js';
import { writeLedger, type WrittenLedger } from '../../fixtures/writer/ledger-writer.js';
import type * as ExportTranscript from '../../../src/main/core/transcript/export/export-transcript.js';

type ExportModule = typeof ExportTranscript;

const stop = vi.hoisted(() => ({ how: 'fail' as 'fail' | 'interrupt' | 'stuck', release: () => {} }));

vi.mock('../../../src/main/core/transcript/export/export-transcript.js', async (actual) => ({
  ...(await actual<ExportModule>()),
  writeTranscriptAsync: async (_e: unknown, _o: unknown, sink: (c: string) => void, signal: AbortSignal) => {
    sink('# Transcript of the whole session\n\n');
    if (stop.how === 'fail') throw new InspectorError('EXPORT_FAILED', 'the disk is full');
    // 'stuck': a write that does not hear the cancel, so the user presses Ctrl-C again.
    if (stop.how === 'stuck') await new Promise<void>((resolve) => (stop.release = resolve));
    else await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    throw new InspectorError('CANCELLED', 'the transcript was not written: interrupted');
  },
}));

let root: string;
let w: WrittenLedger;
let out: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cli-transcript-partial-'));
  w = await writeLedger(join(root, 'ledgers'), { generation: 'A4' });
  out = join(root, 'out');
  mkdirSync(out);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Resolves once the temporary file holds the first piece (the CLI is then mid-file). */
async function partialWritten(): Promise<void> {
  for (;;) {
    const partial = readdirSync(out).find((n) => n.includes('.partial-'));
    if (partial && statSync(join(out, partial)).size > 0) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

describe('transcript -o stopped mid-file', () => {
  test('a write that fails: exit 1, the failure named, no file and no temporary file left', async () => {
    stop.how = 'fail';
    const io = captureIo();
    expect(await run([w.sessionDir, '-o', join(out, 'failed.md')], io)).toBe(1);
    expect(io.err).toMatch(/EXPORT_FAILED: the disk is full/);
    expect(readdirSync(out)).toEqual([]);
  });

  test('Ctrl-C once the first bytes are written: exit 130, no file and no temporary file left', async () => {
    stop.how = 'interrupt';
    const io = captureIo();
    const done = run([w.sessionDir, '-o', join(out, 'stopped.md')], io);
    await partialWritten();
    process.emit('SIGINT');
    expect(await done).toBe(130);
    expect(readdirSync(out)).toEqual([]);
  });

  test('a second Ctrl-C while the first is not yet heard: the process exits 130 and leaves no temporary file', async () => {
    stop.how = 'stuck';
    const exits: (number | string | null | undefined)[] = [];
    const exit = vi.spyOn(process, 'exit').mockImplementation((code) => void exits.push(code) as never);
    try {
      const io = captureIo();
      const done = run([w.sessionDir, '-o', join(out, 'forced.md')], io);
      await partialWritten();
      process.emit('SIGINT');
      expect(exits).toEqual([]);
      process.emit('SIGINT');
      expect(exits).toEqual([130]);
      expect(readdirSync(out)).toEqual([]);
      stop.release();
      expect(await done).toBe(130);
    } finally {
      exit.mockRestore();
    }
  });
});

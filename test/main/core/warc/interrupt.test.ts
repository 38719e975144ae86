// An export killed part-way (SIGKILL of its process) or cancelled (worker thread) leaves nothing under the final
// name; the killed run's temporary file is removed by the next export to that name.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeLedger, type WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';
import { startExportWorker } from '../../../../src/main/core/warc/export-worker-client.js';
import type { ExportProgress } from '../../../../src/main/core/warc/types.js';
import { readWarc } from './read-warc.js';

const here = dirname(fileURLToPath(import.meta.url));
let root: string;
let small: WrittenLedger;
let large: WrittenLedger;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'warc-interrupt-'));
  small = await writeLedger(join(root, 'small'), { generation: 'A4' });
  large = await writeLedger(join(root, 'large'), {
    generation: 'A4',
    seed: 9,
    bodyScale: 300,
    targetBlockBytes: 1 << 20,
    segmentBytes: 256 * 1024,
  });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function outDir(name: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

describe('interrupted exports', () => {
  test('SIGKILL part-way: no file under the final name; the next export removes the stale temporary file', async () => {
    const dir = outDir('killed');
    const destination = join(dir, 'session.warc.gz');
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'kill-child.ts'), small.sessionDir, destination], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const tempPath = await new Promise<string>((resolve, reject) => {
      let buffered = '';
      child.stdout.on('data', (d: Buffer) => {
        buffered += d.toString();
        const match = /member 5 (\S+)\n/.exec(buffered);
        if (match) {
          child.kill('SIGKILL');
          resolve(match[1]!);
        }
      });
      child.on('exit', () => reject(new Error(`child ended before member 5: ${buffered} ${stderr}`)));
    });
    await new Promise((resolve) => child.once('exit', resolve));
    expect(existsSync(destination)).toBe(false);
    expect(readdirSync(dir)).toEqual([tempPath.slice(dir.length + 1)]);

    const handle = startExportWorker({ paths: [small.sessionDir], destination });
    const result = await handle.done;
    expect(result.ok ? null : result.error).toBeNull();
    expect(readdirSync(dir)).toEqual(['session.warc.gz']);
    const records = await readWarc(destination);
    expect(records.length).toBe(small.bodies.length + 2);
  });

  test('a worker export reports monotonic progress ending at the totals', async () => {
    const dir = outDir('worker-ok');
    const seen: ExportProgress[] = [];
    const handle = startExportWorker({ paths: [large.sessionDir], destination: join(dir, 'x.warc.gz') }, (p) => seen.push(p));
    const result = await handle.done;
    expect(result.ok ? result.value.resourceRecords : result.error).toBe(large.bodies.length);
    const writing = seen.filter((p) => p.phase === 'writing');
    const verifying = seen.filter((p) => p.phase === 'verifying');
    for (const phase of [writing, verifying]) {
      expect(phase.length).toBeGreaterThan(1);
      for (let i = 1; i < phase.length; i++) {
        expect(phase[i]!.recordsDone).toBeGreaterThanOrEqual(phase[i - 1]!.recordsDone);
        expect(phase[i]!.bytesDone).toBeGreaterThanOrEqual(phase[i - 1]!.bytesDone);
      }
      const last = phase[phase.length - 1]!;
      expect([last.recordsDone, last.bytesDone]).toEqual([last.recordsTotal, last.bytesTotal]);
    }
    expect(writing[0]!.recordsTotal).toBe(large.bodies.length + 2);
  });

  test('cancel part-way through a worker export: CANCELLED and nothing left in the folder', async () => {
    const dir = outDir('worker-cancel');
    let cancelledAt: ExportProgress | null = null;
    const handle = startExportWorker({ paths: [large.sessionDir], destination: join(dir, 'x.warc.gz') }, (p) => {
      // At the writing phase's first report: its next report may already be the phase's last (an idle machine
      // writes this ledger within one progress interval), and a cancel sent then can meet a finished export.
      if (cancelledAt === null && p.phase === 'writing') {
        cancelledAt = p;
        handle.cancel();
      }
    });
    const result = await handle.done;
    expect(cancelledAt).not.toBeNull();
    expect(result.ok ? 'ok' : result.error.code).toBe('CANCELLED');
    expect(readdirSync(dir)).toEqual([]);
  });
});

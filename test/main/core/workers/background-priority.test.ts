import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NICE, currentThreadId, lowerThisThreadPriority } from '../../../../src/main/core/workers/background-priority.js';
import { spawnWorker } from '../../../../src/main/core/workers/worker-entry-url.js';
import { join } from 'node:path';
import { ROOT } from '../../../packaging/source-files.js';

const linux = process.platform === 'linux';

describe('background thread priority', () => {
  it.runIf(linux)('lowers the worker thread that asks, and not the main thread', async () => {
    const mainBefore = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const worker = spawnWorker(import.meta.url, 'priority-probe-worker');
    const reply = await new Promise<{ outcome: { lowered: boolean; tid?: number }; thread: number; main: number; child: number }>(
      (resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      },
    );
    await worker.terminate();
    expect(reply.outcome.lowered).toBe(true);
    expect(reply.outcome.tid).not.toBe(process.pid);
    expect(reply.thread).toBe(BACKGROUND_NICE);
    expect(reply.main).toBe(0);
    // A thread the lowered worker starts (the export's gzip pool) inherits the lower priority.
    expect(reply.child).toBe(BACKGROUND_NICE);
    expect(readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]).toBe(
      mainBefore.split(') ')[1]!.split(' ')[16],
    );
  });

  it.runIf(linux)('knows the main thread id is the process id', () => {
    expect(currentThreadId()).toBe(process.pid);
  });

  it('does nothing, and says why, where threads have no priority of their own', () => {
    expect(lowerThisThreadPriority('darwin')).toEqual({ lowered: false, why: 'no per-thread priority on darwin' });
    expect(lowerThisThreadPriority('win32')).toEqual({ lowered: false, why: 'no per-thread priority on win32' });
  });

  it('is called at the start of every background worker (verification, export, follow-up)', () => {
    const text = (file: string): string => readFileSync(join(ROOT, file), 'utf8');
    for (const entry of [
      'src/main/core/jobs/verify-worker.ts',
      'src/main/core/warc/export-worker.ts',
      'src/main/core/evidence/follow-up-worker.ts',
    ]) {
      expect(text(entry), entry).toMatch(/lowerThisThreadPriority\(\)/);
    }
  });
});

import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { oneAnswerFromWorker } from '../../../../src/main/core/workers/one-answer-worker.js';
import type { WorkerLike } from '../../../../src/main/core/workers/worker-like.js';

/** A worker stand-in whose events the test fires; records whether it was unref'd. */
function fakeWorker(): WorkerLike & EventEmitter & { unrefd: boolean } {
  const w = new EventEmitter() as WorkerLike & EventEmitter & { unrefd: boolean };
  w.unrefd = false;
  w.postMessage = () => undefined;
  w.terminate = () => Promise.resolve(0);
  w.ref = () => undefined;
  w.unref = () => {
    w.unrefd = true;
  };
  return w;
}

describe('oneAnswerFromWorker', () => {
  it("settles once with the worker's first message, and never keeps the process alive", async () => {
    const w = fakeWorker();
    const seen: (string | null)[] = [];
    const p = oneAnswerFromWorker(
      () => w,
      (m: string | null) => {
        seen.push(m);
        return `got ${m}`;
      },
    );
    w.emit('message', 'a');
    w.emit('message', 'b');
    w.emit('exit', 0);
    await expect(p).resolves.toBe('got a');
    expect(seen).toEqual(['a']);
    expect(w.unrefd).toBe(true);
  });

  it('counts an error, an exit before answering, or a worker that cannot start as no answer', async () => {
    for (const end of ['error', 'exit'] as const) {
      const w = fakeWorker();
      const p = oneAnswerFromWorker(
        () => w,
        (m: string | null) => m ?? 'own',
      );
      w.emit(end, end === 'error' ? new Error('boom') : 1);
      await expect(p).resolves.toBe('own');
    }
    const cannot = oneAnswerFromWorker(
      () => {
        throw new Error('no worker here');
      },
      (m: string | null) => m ?? 'own',
    );
    await expect(cannot).resolves.toBe('own');
  });

  it("rejects with settle's own error", async () => {
    const w = fakeWorker();
    const p = oneAnswerFromWorker(
      () => w,
      () => {
        throw new Error('closed');
      },
    );
    w.emit('exit', 1);
    await expect(p).rejects.toThrow('closed');
  });
});

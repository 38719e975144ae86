// Asks made on hearing a change: never two on their way, and a change heard meanwhile is asked about once more
// after, so the last answer always postdates the last change (answers cannot cross).
import { describe, expect, it } from 'vitest';
import { oneAskAtATime } from '../../../src/renderer/src/api/one-ask-at-a-time.js';

function deferred(): { promise: Promise<void>; resolve(): void } {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const turn = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('oneAskAtATime', () => {
  it('asks once more after the ask on its way, however many changes were heard meanwhile', async () => {
    const calls: ReturnType<typeof deferred>[] = [];
    const asker = oneAskAtATime(() => {
      const d = deferred();
      calls.push(d);
      return d.promise;
    });
    asker.ask();
    asker.ask();
    asker.ask();
    expect(calls.length).toBe(1);
    calls[0]!.resolve();
    await turn();
    expect(calls.length).toBe(2);
    calls[1]!.resolve();
    await turn();
    expect(calls.length).toBe(2);
  });

  it('asks nothing once stopped, and says so to the answer on its way', async () => {
    const calls: ReturnType<typeof deferred>[] = [];
    const asker = oneAskAtATime(() => {
      const d = deferred();
      calls.push(d);
      return d.promise;
    });
    asker.ask();
    asker.ask();
    asker.stop();
    expect(asker.stopped).toBe(true);
    calls[0]!.resolve();
    await turn();
    asker.ask();
    expect(calls.length).toBe(1);
  });

  it('a failed ask does not stop the next', async () => {
    let n = 0;
    const asker = oneAskAtATime(() => (++n === 1 ? Promise.reject(new Error('transport hiccup')) : Promise.resolve()));
    asker.ask();
    asker.ask();
    await turn();
    await turn();
    expect(n).toBe(2);
  });
});

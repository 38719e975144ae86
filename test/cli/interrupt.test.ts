// cancelOnInterrupt: the first SIGINT or SIGTERM cancels the work; a second ends the process with the signal's exit
// code, after the cleanups registered for a forced exit (and only those still registered) have run.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cancelOnInterrupt } from '../../src/cli/interrupt.js';

afterEach(() => vi.restoreAllMocks());

function exitsSeen(): (number | string | null | undefined)[] {
  const exits: (number | string | null | undefined)[] = [];
  vi.spyOn(process, 'exit').mockImplementation((code) => void exits.push(code) as never);
  return exits;
}

describe('cancelOnInterrupt', () => {
  test('the first SIGTERM aborts the signal and nothing exits', async () => {
    const exits = exitsSeen();
    const aborted = await cancelOnInterrupt(async (signal) => {
      process.emit('SIGTERM');
      return signal.aborted;
    });
    expect(aborted).toBe(true);
    expect(exits).toEqual([]);
  });

  test('a second SIGTERM runs the cleanups still registered, then exits 143', async () => {
    const exits = exitsSeen();
    const ran: string[] = [];
    await cancelOnInterrupt(async (_signal, atForcedExit) => {
      atForcedExit(() => ran.push('kept'));
      const forget = atForcedExit(() => ran.push('forgotten'));
      forget();
      atForcedExit(() => {
        throw new Error('a cleanup that fails');
      });
      atForcedExit(() => ran.push('after the failing one'));
      process.emit('SIGTERM');
      process.emit('SIGTERM');
    });
    expect(ran).toEqual(['kept', 'after the failing one']);
    expect(exits).toEqual([143]);
  });

  test('no listener is left once the work settles', async () => {
    const before = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];
    await cancelOnInterrupt(async () => {
      expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual([before[0]! + 1, before[1]! + 1]);
    });
    expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual(before);
  });
});

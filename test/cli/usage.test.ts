// One place answers help and usage errors; each command's shape of error is kept.
import { describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { argsOrExit } from '../../src/cli/usage.js';

const parse = (args: readonly string[]): { n: number } | string => (args[0] === 'bad' ? 'a bad word' : { n: args.length });
const USAGE = 'usage: capsem-inspect x <y>\n';

describe('argsOrExit', () => {
  it('hands back the parsed value and writes nothing', () => {
    const io = captureIo();
    expect(argsOrExit(['a', 'b'], io, { command: 'x', usage: USAGE }, parse)).toEqual({ n: 2 });
    expect(io.out + io.err).toBe('');
  });

  it('help anywhere prints the usage to stdout, exit 0, only where the command asks for it', () => {
    const io = captureIo();
    expect(argsOrExit(['bad', '--help'], io, { command: 'x', usage: USAGE, helpAnywhere: true }, parse)).toBe(0);
    expect([io.out, io.err]).toEqual([USAGE, '']);
    expect(argsOrExit(['-h'], captureIo(), { command: 'x', usage: USAGE }, parse)).toEqual({ n: 1 });
  });

  it('a usage error exits 2 with the sentence and usage, the sentence alone, or the usage alone', () => {
    const cases = [
      [undefined, `capsem-inspect x: a bad word\n${USAGE}`],
      ['sentence', 'capsem-inspect x: a bad word\n'],
      ['usage', USAGE],
    ] as const;
    for (const [onError, err] of cases) {
      const io = captureIo();
      expect(argsOrExit(['bad'], io, { command: 'x', usage: USAGE, ...(onError ? { onError } : {}) }, parse)).toBe(2);
      expect([io.out, io.err]).toEqual(['', err]);
    }
  });
});

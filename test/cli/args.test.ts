// The shared parser: values, switches, positionals, and the first misfit word named exactly as typed.
import { describe, expect, it } from 'vitest';
import { countNumber, digitsNumber, invalid, parseCommandArgs } from '../../src/cli/args.js';

const FLAGS = {
  rows: { takes: 'value', short: 'n', read: digitsNumber((flag) => `${flag} needs a whole number`) },
  port: { takes: 'value', inline: true, read: (v: string | undefined) => v ?? invalid('--port needs a value') },
  json: { takes: 'nothing' },
  help: { takes: 'nothing', short: 'h', refuse: 'usage: x' },
} as const;

describe('parseCommandArgs', () => {
  it('reads values, switches and positionals, last value winning', () => {
    expect(parseCommandArgs(['a', '-n', '3', '--json', 'b', '--rows', '4'], FLAGS)).toEqual({
      flags: { rows: 4, port: undefined, json: true, help: false },
      positionals: ['a', 'b'],
    });
    expect(parseCommandArgs([], FLAGS)).toEqual({ flags: { rows: undefined, port: undefined, json: false, help: false }, positionals: [] });
  });

  it('a value flag takes the next word whatever it looks like, and names itself as typed when refusing it', () => {
    expect(parseCommandArgs(['--port', '--json'], FLAGS)).toEqual({
      flags: { rows: undefined, port: '--json', json: false, help: false },
      positionals: [],
    });
    expect(parseCommandArgs(['-n', '-1'], FLAGS)).toBe('-n needs a whole number');
    expect(parseCommandArgs(['--rows'], FLAGS)).toBe('--rows needs a whole number');
  });

  it('refuses what the command did not declare, exactly as typed', () => {
    expect(parseCommandArgs(['--bogus', 'x'], FLAGS)).toBe('unknown option --bogus');
    expect(parseCommandArgs(['--rows=3'], FLAGS)).toBe('unknown option --rows=3');
    expect(parseCommandArgs(['-n3'], FLAGS)).toBe('unknown option -n3');
    expect(parseCommandArgs(['--json=yes'], FLAGS)).toBe('unknown option --json=yes');
    expect(parseCommandArgs(['-'], FLAGS)).toBe('unknown option -');
    expect(parseCommandArgs(['--constructor'], FLAGS)).toBe('unknown option --constructor');
  });

  it('takes --name=value only for a flag that allows it, and a lone dash only when the command does', () => {
    expect(parseCommandArgs(['--port=80'], FLAGS)).toMatchObject({ flags: { port: '80' } });
    expect(parseCommandArgs(['--port='], FLAGS)).toMatchObject({ flags: { port: '' } });
    expect(parseCommandArgs(['-', 'a'], FLAGS, { loneDash: true })).toMatchObject({ positionals: ['-', 'a'] });
  });

  it('takes everything after -- as positionals, even what starts with a dash', () => {
    expect(parseCommandArgs(['--json', '--', '-x', '--rows'], FLAGS)).toMatchObject({
      flags: { json: true },
      positionals: ['-x', '--rows'],
    });
    expect(parseCommandArgs(['--', 'x'], FLAGS)).toMatchObject({ positionals: ['x'] });
  });

  it('reports the first problem in the order typed', () => {
    expect(parseCommandArgs(['--rows', 'x', '--bogus'], FLAGS)).toBe('--rows needs a whole number');
    expect(parseCommandArgs(['--bogus', '--rows', 'x'], FLAGS)).toBe('unknown option --bogus');
    expect(parseCommandArgs(['a', 'b', '--bogus'], FLAGS, { single: true })).toBe('only one path may be given (got a and b)');
    expect(parseCommandArgs(['a', '--bogus', 'b'], FLAGS, { single: true })).toBe('unknown option --bogus');
    expect(parseCommandArgs(['-h', '--bogus'], FLAGS)).toBe('usage: x');
  });
});

describe('number readers', () => {
  it('digitsNumber takes digits only, at least the minimum', () => {
    const read = digitsNumber((f) => `${f} bad`, 1);
    expect(read('007', '--w')).toBe(7);
    for (const v of ['0', '1e1', '-1', '', undefined, '9007199254740993']) expect(read(v, '--w')).toEqual(invalid('--w bad'));
  });

  it('countNumber reads as Number() does, zero or more', () => {
    const read = countNumber((f) => `${f} bad`);
    expect(read('1e1', '-n')).toBe(10);
    expect(read('', '-n')).toBe(0);
    for (const v of ['-1', '1.5', 'x', undefined]) expect(read(v, '-n')).toEqual(invalid('-n bad'));
  });
});

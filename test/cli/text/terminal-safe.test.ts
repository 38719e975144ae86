// What may reach a terminal raw: safe UTF-8 text only.
import { describe, expect, it } from 'vitest';
import { terminalUnsafe } from '../../../src/cli/text/terminal-safe.js';

const bytes = (s: string): Uint8Array => Buffer.from(s, 'utf8');

describe('terminalUnsafe', () => {
  it('lets text, tabs, line feeds and CRLF through', () => {
    expect(terminalUnsafe(bytes('{"a":"héllo ✓ 日本"}\r\n\tnext\n'))).toBeNull();
    expect(terminalUnsafe(new Uint8Array())).toBeNull();
  });
  it.each([
    ['ESC (CSI, OSC 52)', 'ab\u001b]52;c;eA==\u0007', 2, /control character 0x1b/],
    ['BEL', 'x\u0007', 1, /0x07/],
    ['NUL', 'x\u0000', 1, /0x00/],
    ['DEL', 'é\u007f', 2, /0x7f/],
    ['a C1 CSI', 'a\u009b2J', 1, /C1 control U\+009B/],
    ['a lone carriage return', 'safe\rfake', 4, /carriage return not followed by a line feed/],
    ['a bidi override', 'ab\u202ecd', 2, /bidirectional override U\+202E/],
  ])('refuses %s, naming the byte', (_name, text, offset, why) => {
    const r = terminalUnsafe(bytes(text));
    expect(r?.offset).toBe(offset);
    expect(r?.why).toMatch(why);
  });
  it('refuses bytes that are not UTF-8, at the first bad one', () => {
    const r = terminalUnsafe(new Uint8Array([0x61, 0x62, 0xff, 0x63]));
    expect(r).toEqual({ offset: 2, why: 'it is not valid UTF-8 text' });
  });
});

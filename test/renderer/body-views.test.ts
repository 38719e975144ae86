import { encode } from '@msgpack/msgpack';
import { describe, expect, it } from 'vitest';
import { prettyJson } from '../../src/renderer/src/bodies/json-pretty.js';
import { msgpackLines } from '../../src/renderer/src/bodies/msgpack-lines.js';
import { markString, piecesText } from '../../src/renderer/src/bodies/pieces.js';
import { TextRows, WRAP, textRows } from '../../src/renderer/src/bodies/text-decoder.js';
import { hexRow } from '../../src/renderer/src/bodies/hex.js';

const te = new TextEncoder();
const rowsText = (bytes: Uint8Array): string[] => textRows(bytes).map((r) => piecesText(r.pieces));

describe('text view decoding', () => {
  it('names bidi, zero-width, control and C1 characters, and ANSI escapes', () => {
    const [line] = rowsText(te.encode('a\u202Eb\u200Bc\u0000d\u0085e\u001b[31mf\u001b]8;;http://x\u0007g'));
    expect(line).toBe('a⟨RLO U+202E⟩b⟨ZWSP U+200B⟩c⟨NUL⟩d⟨U+0085⟩e⟨ESC⟩[31mf⟨ESC⟩]8;;http://x⟨BEL⟩g');
  });

  it('shows invalid UTF-8 as the bytes, not U+FFFD, and keeps valid multi-byte characters', () => {
    const [line] = rowsText(Uint8Array.from([0x41, 0xc3, 0x28, 0xff, 0xe2, 0x82, 0x41, 0xf0, 0x9f, 0x98, 0x80, 0xed, 0xa0, 0x80]));
    expect(line).toBe('A⟨0xC3⟩(⟨0xFF⟩⟨0xE2⟩⟨0x82⟩A😀⟨0xED⟩⟨0xA0⟩⟨0x80⟩');
  });

  it('decodes the same across any chunk split, with byte-exact row offsets', () => {
    const bytes = te.encode('héllo\u202E wörld 😀\nsecond \u001b[1mline\n' + 'x'.repeat(WRAP * 2 + 5));
    const whole = textRows(bytes);
    for (let split = 1; split < bytes.length; split += 3) {
      const t = new TextRows();
      t.push(bytes.subarray(0, split), false);
      t.push(bytes.subarray(split), true);
      expect(t.rows.map((r) => [r.offset, piecesText(r.pieces), r.cont])).toEqual(
        whole.map((r) => [r.offset, piecesText(r.pieces), r.cont]),
      );
    }
    expect(whole.map((r) => r.offset)).toEqual([0, 22, 38, 38 + WRAP, 38 + 2 * WRAP]);
    expect(whole[3]!.cont).toBe(true);
  });
});

describe('lossless pretty JSON', () => {
  it('keeps big integers, duplicate keys, __proto__ and escapes exactly as written', () => {
    const src = '{"__proto__":{"x":1},"a":1,"a":2,"big":12345678901234567890,"s":"\\u202e\\n","f":-1.5e+300,"e":{},"l":[]}';
    const r = prettyJson(src);
    expect(r.problem).toBeNull();
    expect(r.lines).toEqual([
      '{',
      '  "__proto__": {',
      '    "x": 1',
      '  },',
      '  "a": 1,',
      '  "a": 2,',
      '  "big": 12345678901234567890,',
      '  "s": "\\u202e\\n",',
      '  "f": -1.5e+300,',
      '  "e": {},',
      '  "l": []',
      '}',
    ]);
  });

  it('prints 100,000 levels of nesting without a stack overflow, capping the indent', () => {
    const src = '['.repeat(100_000) + '1' + ']'.repeat(100_000);
    const r = prettyJson(src);
    expect(r.problem).toBeNull();
    expect(r.lines.length).toBe(200_001);
    expect(r.lines[100_000]).toMatch(/⟨depth 100000⟩ 1$/);
  });

  it('prints malformed input as far as it goes and says where it broke', () => {
    const r = prettyJson('{"a": [1, 2}, nope');
    expect(r.problem).toMatch(/unbalanced } at character 11/);
    expect(r.lines.join('\n')).toContain('nope');
    expect(prettyJson('{"a": [1').problem).toMatch(/left open/);
  });
});

describe('MessagePack view', () => {
  it('prints maps in order with duplicate keys, exact 64-bit integers and binary as hex', () => {
    const bytes = Uint8Array.from([
      0x83, 0xa1, 0x61, 0x01, 0xa1, 0x61, 0x02, 0xa3, 0x62, 0x69, 0x67, 0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    ]);
    expect(msgpackLines(bytes)).toMatchObject({
      lines: ['{  (3 entries)', '  "a": 1', '  "a": 2', '  "big": 18446744073709551615', '}'],
      problem: null,
    });
    const enc = encode({ raw: new Uint8Array([0, 255]), list: [true, null, -3, 1.5] });
    expect(msgpackLines(enc).lines).toEqual([
      '{  (2 entries)',
      '  "raw": <bin 2 bytes: 00ff>',
      '  "list": [  (4 items)',
      '    true',
      '    nil',
      '    -3',
      '    1.5',
      '  ]',
      '}',
    ]);
  });

  it('refuses counts and lengths that run past the bytes, without allocating them', () => {
    const r = msgpackLines(Uint8Array.from([0xdd, 0xff, 0xff, 0xff, 0xff, 0x01]));
    expect(r.problem).toMatch(/needs 1 more bytes/);
    expect(msgpackLines(Uint8Array.from([0xc6, 0x7f, 0xff, 0xff, 0xff])).problem).toMatch(/needs 2147483647 more bytes/);
  });
});

describe('hex rows and markers for decoded strings', () => {
  it('shows offset, two groups of eight bytes, and dots for non-printables', () => {
    expect(hexRow(Uint8Array.from([0x3c, 0x73, 0x63, 0x72, 0x69, 0x70, 0x74, 0x3e, 0x00, 0x1b, 0x7f, 0x41]), 32)).toBe(
      '00000020  3c 73 63 72 69 70 74 3e  00 1b 7f 41              <script>...A    ',
    );
  });
  it('marks hidden characters in decoded strings', () => {
    expect(piecesText(markString('x\u2066y\uFEFFz\u001b[0m'))).toBe('x⟨LRI U+2066⟩y⟨BOM U+FEFF⟩z⟨ESC⟩[0m');
  });
});

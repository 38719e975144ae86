import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markString, piecesText } from '../../src/renderer/src/bodies/pieces.js';
import { oneLine } from '../../src/renderer/src/components/format.js';
import { visibleText, visibleTitle } from '../../src/renderer/src/components/visible-text.js';

/** Every character the label helper must never let through raw (LF and tab are layout, handled by callers). */
const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;

describe('visibleText', () => {
  it('names the RLO in a spoofed file name instead of letting it reverse the text', () => {
    expect(visibleText('<img src=x>\u202Egnp.exe')).toBe('<img src=x>⟨RLO U+202E⟩gnp.exe');
  });

  it('names every bidi control, zero-width character and the Arabic letter mark', () => {
    const cases: [string, string][] = [
      ['\u202A', '⟨LRE U+202A⟩'],
      ['\u202B', '⟨RLE U+202B⟩'],
      ['\u202C', '⟨PDF U+202C⟩'],
      ['\u202D', '⟨LRO U+202D⟩'],
      ['\u202E', '⟨RLO U+202E⟩'],
      ['\u2066', '⟨LRI U+2066⟩'],
      ['\u2067', '⟨RLI U+2067⟩'],
      ['\u2068', '⟨FSI U+2068⟩'],
      ['\u2069', '⟨PDI U+2069⟩'],
      ['\u200E', '⟨LRM U+200E⟩'],
      ['\u200F', '⟨RLM U+200F⟩'],
      ['\u061C', '⟨ALM U+061C⟩'],
      ['\u200B', '⟨ZWSP U+200B⟩'],
      ['\u200C', '⟨ZWNJ U+200C⟩'],
      ['\u200D', '⟨ZWJ U+200D⟩'],
      ['\u2060', '⟨WJ U+2060⟩'],
      ['\uFEFF', '⟨BOM U+FEFF⟩'],
    ];
    for (const [ch, want] of cases) expect(visibleText(`a${ch}b`), want).toBe(`a${want}b`);
  });

  it('names C0 and C1 controls and DEL, and keeps the rest of an ANSI escape visible', () => {
    expect(visibleText('a\u0000b\u0007c\u0085d\u007fe')).toBe('a⟨NUL⟩b⟨BEL⟩c⟨U+0085⟩d⟨DEL⟩e');
    expect(visibleText('\u001b[31mred\u001b[0m')).toBe('⟨ESC⟩[31mred⟨ESC⟩[0m');
    expect(visibleText('\u001b]8;;http://x\u0007link')).toBe('⟨ESC⟩]8;;http://x⟨BEL⟩link');
    expect(visibleText('lone \u001b')).toBe('lone ⟨ESC⟩');
  });

  it('keeps line feeds and tabs (callers flatten or pre-wrap) but names CR', () => {
    expect(visibleText('a\nb\tc\r\n')).toBe('a\nb\tc⟨CR⟩\n');
  });

  it('returns plain text unchanged, including non-Latin scripts and emoji', () => {
    for (const s of ['', 'tool_calls', 'مرحبا', 'שלום', '日本語', 'a😀b', '⟨not a marker⟩']) expect(visibleText(s)).toBe(s);
  });

  it('uses the same markers as the body views (one mapping)', () => {
    const s = 'x\u202Ey\u200Bz\u0000\u001b[1m\u0085';
    expect(visibleText(s)).toBe(piecesText(markString(s)));
  });

  it('never lets a hidden character through, for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(HIDDEN.test(visibleText(s))).toBe(false);
        expect(HIDDEN.test(oneLine(s))).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('grid cells (oneLine) flatten line breaks and name the hidden characters', () => {
    expect(oneLine('a\u202Eb\nc\td\u0000')).toBe('a⟨RLO U+202E⟩b↵c⇥d⟨NUL⟩');
  });

  it('visibleTitle leaves an absent attribute absent', () => {
    expect(visibleTitle(undefined)).toBeUndefined();
    expect(visibleTitle('run/\u202Ex')).toBe('run/⟨RLO U+202E⟩x');
  });
});

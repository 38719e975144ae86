// Printed JSON carries no character a terminal acts on: C1 controls, bidi overrides and zero-width characters are
// written as \u escapes, and the text still parses back to the very same value.
import { describe, expect, it } from 'vitest';
import { jsonText } from '../../src/shared/json-text.js';

describe('jsonText', () => {
  it('escapes C1, bidi and zero-width characters and parses back to the same value', () => {
    const value = { name: 'a\u009bb\u202egnp.exe\u200b\u2066x\u2028y\ufeff', plain: 'ünïcödé ✓', n: 1 };
    const text = jsonText(value);
    expect(text).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u200b-\u200f\u2060-\u2069\u2028\ufeff]/);
    expect(text).toContain('\\u202e');
    expect(text).toContain('ünïcödé ✓');
    expect(JSON.parse(text)).toEqual(value);
  });
});

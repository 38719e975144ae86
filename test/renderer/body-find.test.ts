import { describe, expect, it } from 'vitest';
import { prettyJson } from '../../src/renderer/src/bodies/json-pretty.js';
import { expandJsonStrings, findRows } from '../../src/renderer/src/bodies/json-strings.js';

describe('JSON inside a string, opened on request', () => {
  it('replaces a string holding an object by that object, indented and marked, keeping the comma', () => {
    const src = JSON.stringify({
      parts: [{ text: JSON.stringify({ role: 'user', n: 12345678901234567890 }) }, { text: 'plain words' }],
      tail: 1,
    });
    const r = expandJsonStrings(prettyJson(src).lines);
    expect(r.expanded).toBe(1);
    expect(r.lines).toEqual([
      '{',
      '  "parts": [',
      '    {',
      '      "text": ⟪a string holding JSON, opened:⟫',
      '        {',
      '          "role": "user",',
      '          "n": 12345678901234567000',
      '        }',
      '    },',
      '    {',
      '      "text": "plain words"',
      '    }',
      '  ],',
      '  "tail": 1',
      '}',
    ]);
  });

  it('leaves strings that only look like JSON, or are not strings at all', () => {
    const lines = prettyJson(JSON.stringify({ a: '{not json', b: '[1, 2]x', c: 5, d: '"{}"' })).lines;
    expect(expandJsonStrings(lines)).toEqual({ lines, expanded: 0 });
  });
});

describe('find in a body', () => {
  it('finds every row holding the text, case-insensitively', () => {
    expect(findRows(['alpha', 'Beta', 'gamma beta', 'delta'], 'BETA')).toEqual([1, 2]);
    expect(findRows(['alpha'], '')).toEqual([]);
  });
});

// Which tool-call texts name a path: only a JSON string value that is the path once both are normalised.
import { describe, expect, it } from 'vitest';
import { baseName, normalisePath, pathMatcher } from '../../../../src/main/core/file-history/tool-call-paths.js';

describe('normalisePath', () => {
  it('folds //, . and .. segments and a trailing slash', () => {
    expect(normalisePath('/workspace/./src//a.ts')).toBe('/workspace/src/a.ts');
    expect(normalisePath('/workspace/lib/../src/a.ts/')).toBe('/workspace/src/a.ts');
    expect(normalisePath('/../a')).toBe('/a');
    expect(normalisePath('../a/./b')).toBe('../a/b');
    expect(normalisePath('./')).toBe('.');
    expect(baseName('/workspace/src/a.ts')).toBe('a.ts');
  });
});

describe('pathMatcher', () => {
  const m = pathMatcher('/workspace/src/a.ts');

  it('counts a string value equal to the path, at any depth, after normalising', () => {
    expect(m.namedIn('{"file_path":"/workspace/src/a.ts","content":"x"}')).toBe(true);
    expect(m.namedIn('{"edits":[{"path":"/workspace/./src//a.ts"}]}')).toBe(true);
    expect(m.namedIn('"\\/workspace\\/src\\/a.ts"')).toBe(true);
  });

  it('refuses a mention inside other text, a relative path, another file with the same name, a key, and non-JSON', () => {
    expect(m.namedIn('{"command":"cat /workspace/src/a.ts"}')).toBe(false);
    expect(m.namedIn('{"file_path":"src/a.ts"}')).toBe(false);
    expect(m.namedIn('{"file_path":"/other/src/a.ts"}')).toBe(false);
    expect(m.namedIn('{"/workspace/src/a.ts":1}')).toBe(false);
    expect(m.namedIn('/workspace/src/a.ts')).toBe(false);
    expect(m.namedIn(null)).toBe(false);
    expect(m.namedIn('{"file_path":"/workspace/src/a.t')).toBe(false);
  });

  it('walks a deeply nested value without recursion', () => {
    const deep = '['.repeat(5000) + '"/workspace/src/a.ts"' + ']'.repeat(5000);
    expect(() => m.namedIn(deep)).not.toThrow();
  });

  it('matches a base name that JSON escapes', () => {
    const odd = pathMatcher('/w/caf\u00e9 "x".ts');
    expect(odd.namedIn(JSON.stringify({ p: '/w/caf\u00e9 "x".ts' }))).toBe(true);
    expect(odd.namedIn('{"p":"/w/caf\\u00e9 \\"x\\".ts"}')).toBe(true);
  });
});

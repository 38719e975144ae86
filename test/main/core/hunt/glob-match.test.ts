// The --path glob: `*` stays in a segment, `**` crosses them, `**/` may be empty, `?` is one character, a backslash
// makes the next one literal, and the whole path must match. Refusals are BAD_PATTERN, named.
import { describe, expect, it } from 'vitest';
import { compileGlob, MAX_GLOB_LENGTH } from '../../../../src/main/core/hunt/glob-match.js';

const matches = (glob: string, path: string): boolean => compileGlob(glob)(path);

describe('compileGlob', () => {
  it('keeps * within one segment and needs the whole path', () => {
    expect(matches('/workspace/src/*.ts', '/workspace/src/index.ts')).toBe(true);
    expect(matches('/workspace/src/*.ts', '/workspace/src/lib/index.ts')).toBe(false);
    expect(matches('/workspace/src/*.ts', '/workspace/src/index.tsx')).toBe(false);
    expect(matches('*.ts', '/workspace/src/index.ts')).toBe(false);
    expect(matches('/workspace/*', '/workspace/')).toBe(true);
  });

  it('lets ** cross segments and **/ stand for no segment at all', () => {
    expect(matches('/workspace/**', '/workspace/src/lib/a.ts')).toBe(true);
    expect(matches('**/*.pem', '/home/user/.ssh/id.pem')).toBe(true);
    expect(matches('**/*.pem', 'id.pem')).toBe(true);
    expect(matches('/a/**/b', '/a/b')).toBe(true);
    expect(matches('/a/**/b', '/a/x/y/b')).toBe(true);
    expect(matches('/a/**/b', '/a/xb')).toBe(false);
    expect(matches('/etc/**', '/etcetera/passwd')).toBe(false);
  });

  it('reads ? as one character other than a slash, and a backslash as "literally"', () => {
    expect(matches('/tmp/?.sh', '/tmp/x.sh')).toBe(true);
    expect(matches('/tmp/?.sh', '/tmp/xy.sh')).toBe(false);
    expect(matches('/tmp?x', '/tmp/x')).toBe(false);
    expect(matches('/tmp/\\*', '/tmp/*')).toBe(true);
    expect(matches('/tmp/\\*', '/tmp/a')).toBe(false);
    expect(matches('/tmp/[ab]', '/tmp/[ab]')).toBe(true);
    expect(matches('/tmp/é?', '/tmp/éü')).toBe(true);
  });

  it('stays fast where a backtracking matcher would not', () => {
    const glob = `${'*a'.repeat(40)}b`;
    const path = 'a'.repeat(20_000);
    const started = performance.now();
    expect(matches(glob, path)).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('refuses an empty or over-long glob, or a trailing backslash, by name', () => {
    expect(() => compileGlob('')).toThrow(expect.objectContaining({ code: 'BAD_PATTERN', message: 'the path glob is empty' }));
    expect(() => compileGlob('a'.repeat(MAX_GLOB_LENGTH + 1))).toThrow(
      expect.objectContaining({ code: 'BAD_PATTERN', message: expect.stringContaining('more than 1024') as unknown }),
    );
    expect(() => compileGlob('/tmp/\\')).toThrow(expect.objectContaining({ code: 'BAD_PATTERN' }));
    expect(() => compileGlob('a'.repeat(MAX_GLOB_LENGTH))).not.toThrow();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MEMO_FILE_BYTES, resolveStatic } from '../../../src/main/serve/static-files.js';

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'static-files-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><p>x</p>');
  writeFileSync(join(root, 'assets', 'a.js'), 'export const a = 1;');
  writeFileSync(join(root, 'assets', 'big.map'), Buffer.alloc(MEMO_FILE_BYTES + 1, 0x20));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('static files kept in memory', () => {
  it("gives a file's whole bytes, the same on the second read", () => {
    const f = resolveStatic(root, '/assets/a.js')!;
    expect(f.type).toBe('text/javascript; charset=utf-8');
    expect(f.bytes()!.toString()).toBe('export const a = 1;');
    expect(resolveStatic(root, '/assets/a.js')!.bytes()).toBe(f.bytes());
  });

  it('picks up a rebuilt file (size or mtime changed)', () => {
    const path = join(root, 'assets', 'a.js');
    expect(resolveStatic(root, '/assets/a.js')!.bytes()!.toString()).toBe('export const a = 1;');
    writeFileSync(path, 'export const a = 22;');
    utimesSync(path, new Date(), new Date(Date.now() + 5000));
    expect(resolveStatic(root, '/assets/a.js')!.bytes()!.toString()).toBe('export const a = 22;');
  });

  it('streams a file too large to keep, and still refuses paths outside the folder', () => {
    const big = resolveStatic(root, '/assets/big.map')!;
    expect(big.size).toBe(MEMO_FILE_BYTES + 1);
    expect(big.bytes()).toBeNull();
    expect(resolveStatic(root, '/../outside.js')).toBeNull();
    expect(resolveStatic(root, '/assets/%2e%2e/%2e%2e/x.js')).toBeNull();
  });
});

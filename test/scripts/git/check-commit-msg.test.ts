// scripts/git/check-commit-msg.mjs: the commit-msg hook CONTRIBUTING.md describes refuses what it says it refuses.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SCRIPT = join(import.meta.dirname, '..', '..', '..', 'scripts', 'git', 'check-commit-msg.mjs');
const dir = mkdtempSync(join(tmpdir(), 'capsem-commit-msg-'));

function check(message: string): { status: number | null; stderr: string } {
  const file = join(dir, 'MSG');
  writeFileSync(file, message);
  const r = spawnSync(process.execPath, [SCRIPT, file], { encoding: 'utf8' });
  return { status: r.status, stderr: r.stderr };
}

describe('check-commit-msg', () => {
  it('takes a subject of 72 characters, a blank line and a body', () => {
    expect(check(`fix(cli): ${'x'.repeat(62)}\n\nWhy.\n`).status).toBe(0);
  });
  it('refuses a subject of 73 characters', () => {
    const r = check(`fix(cli): ${'x'.repeat(63)}\n`);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('73 characters; at most 72');
  });
  it('refuses changes joined with ";" and a body glued to the subject', () => {
    expect(check('fix(a): one; fix(b): two\n').stderr).toContain('joins changes');
    expect(check('fix(a): one\nbody\n').stderr).toContain('blank line');
  });
  it("ignores git's comment lines", () => {
    expect(check(`# ${'x'.repeat(100)}\nfix(a): one\n`).status).toBe(0);
  });
});

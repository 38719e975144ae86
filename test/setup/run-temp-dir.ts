// Gives one test run its own temp folder and removes it afterwards. Test helpers register clean-up on
// process exit, but vitest ends its fork workers without an exit event, so their folders were left in /tmp
// (thousands per run). TMPDIR set here is inherited by every fork, so os.tmpdir() inside a test lands in it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'capsem-tests-'));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    fs.rmSync(root, { recursive: true, force: true });
  };
}

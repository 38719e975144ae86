// The CLI, like serve and the app, removes at its start the scratch copies a killed process left behind.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { makeScratchDir, removeScratchDir, SCRATCH_MARKER } from '../../src/main/core/evidence/scratch.js';

const root = mkdtempSync(join(tmpdir(), 'cli-abandoned-'));
const evidence = mkdtempSync(join(tmpdir(), 'cli-abandoned-evidence-'));
const savedTmp = process.env.TMPDIR;
afterAll(() => {
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
  rmSync(root, { recursive: true, force: true });
  rmSync(evidence, { recursive: true, force: true });
});

describe('capsem-inspect at its start', () => {
  it("removes a scratch copy whose process is gone, and keeps a live process's own", async () => {
    const gone = makeScratchDir(evidence, root);
    const alive = makeScratchDir(evidence, root);
    const dead = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString());
    writeFileSync(join(gone, SCRATCH_MARKER), `pid ${dead}\nscratch copy\n`);
    process.env.TMPDIR = root;
    // Any command (here one refused as a usage error) sweeps before it runs.
    expect(await main(['check'], captureIo())).toBe(2);
    expect([gone, alive].map(existsSync)).toEqual([false, true]);
    removeScratchDir(alive);
  });
});

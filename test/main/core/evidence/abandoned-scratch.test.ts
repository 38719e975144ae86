// Scratch copies a killed process left: removed at the next start when their marker names a process that is gone.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  makeScratchDir,
  removeAbandonedScratchDirs,
  removeScratchDir,
  SCRATCH_MARKER,
} from '../../../../src/main/core/evidence/scratch.js';

const root = mkdtempSync(join(tmpdir(), 'abandoned-scratch-'));
const evidence = mkdtempSync(join(tmpdir(), 'abandoned-evidence-'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(evidence, { recursive: true, force: true });
});

describe('removeAbandonedScratchDirs', () => {
  it("removes a copy whose process is gone, keeps this process's own and one whose marker names no process", () => {
    const gone = makeScratchDir(evidence, root);
    const alive = makeScratchDir(evidence, root);
    const legacy = makeScratchDir(evidence, root);
    expect(readFileSync(join(alive, SCRATCH_MARKER), 'utf8')).toMatch(new RegExp(`^pid ${process.pid}\\n`));
    const dead = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString());
    writeFileSync(join(gone, SCRATCH_MARKER), `pid ${dead}\nscratch copy\n`);
    writeFileSync(join(legacy, SCRATCH_MARKER), 'scratch copy made by capsem-inspect; safe to delete\n');
    expect(removeAbandonedScratchDirs(root)).toEqual([gone]);
    expect([gone, alive, legacy].map(existsSync)).toEqual([false, true, true]);
    removeScratchDir(alive);
    removeScratchDir(legacy);
    expect(readdirSync(root)).toEqual([]);
  });
});

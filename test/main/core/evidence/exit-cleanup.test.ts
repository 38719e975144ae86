import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildWalOnlyEvidence } from './helpers.js';

describe('scratch cleanup', () => {
  it('removes the scratch copy when the process exits without closing the evidence', () => {
    const { dir, cleanup } = buildWalOnlyEvidence('L0');
    const child = join(process.cwd(), 'test/main/core/evidence/exit-child.ts');
    const result = spawnSync(process.execPath, ['--import', 'tsx', child, dir], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    const [scratch, existed] = result.stdout.trim().split(' ');
    expect(existed).toBe('true');
    expect(scratch && existsSync(scratch)).toBe(false);
    cleanup();
  });
});

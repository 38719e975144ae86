import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SessionInput } from '../../../../src/main/core/evidence/types.js';
import { MIN_BYTES_PER_WORKER } from '../../../../src/main/core/jobs/verify-plan.js';
import { workersWorthStarting } from '../../../../src/main/core/jobs/workers-worth-starting.js';

const root = mkdtempSync(join(tmpdir(), 'worth-starting-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A session input whose session.db and session.bodies are sparse files of the given sizes. */
function input(dbBytes: number, archiveBytes: number | null): SessionInput {
  const dir = mkdtempSync(join(root, 's-'));
  const dbPath = join(dir, 'session.db');
  writeFileSync(dbPath, '');
  truncateSync(dbPath, dbBytes);
  if (archiveBytes === null) return { kind: 'session', dir, dbPath, archive: null, givenAs: 'folder' } as SessionInput;
  const path = join(dir, 'session.bodies');
  writeFileSync(path, '');
  truncateSync(path, archiveBytes);
  return { kind: 'session', dir, dbPath, archive: { kind: 'file', path }, givenAs: 'folder' } as SessionInput;
}

describe('workersWorthStarting', () => {
  it('gives a small archive one worker, never fewer than one for a readable file', () => {
    expect(workersWorthStarting(input(1 << 20, 1000), 2)).toBe(1);
    expect(workersWorthStarting(input(1 << 20, 0), 2)).toBe(1);
  });

  it('gives as many as the archive has MIN_BYTES_PER_WORKER, capped at the request', () => {
    const big = input(1 << 20, 3 * MIN_BYTES_PER_WORKER);
    expect(workersWorthStarting(big, 2)).toBe(2);
    expect(workersWorthStarting(big, 8)).toBe(3);
    expect(workersWorthStarting(big, 1)).toBe(1);
  });

  it('judges by session.db when the bodies live inside SQLite (no archive file)', () => {
    expect(workersWorthStarting(input(2 * MIN_BYTES_PER_WORKER, null), 4)).toBe(2);
  });

  it('starts none when the file is gone', () => {
    const gone = input(1 << 20, 5 * MIN_BYTES_PER_WORKER);
    rmSync(gone.archive!.kind === 'file' ? gone.archive!.path : '', { force: true });
    expect(workersWorthStarting(gone, 2)).toBe(0);
  });
});

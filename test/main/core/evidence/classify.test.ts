import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { archivePathFor, classifyPaths } from '../../../../src/main/core/evidence/classify.js';
import { removeDir, tempDir } from './helpers.js';

let dir: string;
beforeEach(() => {
  dir = tempDir('classify-');
});
afterEach(() => removeDir(dir));

describe('archivePathFor', () => {
  it('replaces the extension with .bodies', () => {
    expect(archivePathFor('/a/b/session.db')).toBe('/a/b/session.bodies');
    expect(archivePathFor('/a/host.db')).toBe('/a/host.bodies');
  });
});

describe('classifyPaths', () => {
  it('finds the single-file partner from a session folder', async () => {
    writeFileSync(join(dir, 'session.db'), 'x');
    writeFileSync(join(dir, 'session.bodies'), 'y');
    const r = await classifyPaths([dir]);
    expect(r).toEqual({
      ok: true,
      value: {
        kind: 'session',
        dir,
        dbPath: join(dir, 'session.db'),
        archive: { kind: 'file', path: join(dir, 'session.bodies') },
        givenAs: 'folder',
      },
    });
  });

  it('finds a v3 directory partner from session.db', async () => {
    writeFileSync(join(dir, 'session.db'), 'x');
    mkdirSync(join(dir, 'session.bodies'));
    const r = await classifyPaths([join(dir, 'session.db')]);
    expect(r.ok && r.value.kind === 'session' && r.value.archive).toEqual({ kind: 'directory', path: join(dir, 'session.bodies') });
    expect(r.ok && r.value.kind === 'session' && r.value.givenAs).toBe('db');
  });

  it('a session.db alone has no archive', async () => {
    writeFileSync(join(dir, 'session.db'), 'x');
    const r = await classifyPaths([join(dir, 'session.db')]);
    expect(r.ok && r.value.kind === 'session' && r.value.archive).toBeNull();
  });

  it('accepts the pair in either order', async () => {
    writeFileSync(join(dir, 'session.db'), 'x');
    writeFileSync(join(dir, 'session.bodies'), 'y');
    const r = await classifyPaths([join(dir, 'session.bodies'), join(dir, 'session.db')]);
    expect(r.ok && r.value.kind === 'session' && r.value.dbPath).toBe(join(dir, 'session.db'));
    expect(r.ok && r.value.kind === 'session' && r.value.givenAs).toBe('pair');
  });

  it('a session.bodies alone is refused: the index is needed', async () => {
    writeFileSync(join(dir, 'session.bodies'), 'y');
    const r = await classifyPaths([join(dir, 'session.bodies')]);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('INDEX_REQUIRED');
      expect(r.error.message).toContain('session.db');
      expect(r.error.message).toContain('index');
    }
  });

  it('a v3 session.bodies folder given alone finds session.db beside it', async () => {
    writeFileSync(join(dir, 'session.db'), 'x');
    mkdirSync(join(dir, 'session.bodies'));
    const r = await classifyPaths([join(dir, 'session.bodies')]);
    expect(r.ok && r.value.kind === 'session' && r.value.archive).toEqual({ kind: 'directory', path: join(dir, 'session.bodies') });
  });

  it('names a symlinked session.db and a FIFO archive as UNSAFE_PATH', async () => {
    writeFileSync(join(dir, 'real.db'), 'x');
    symlinkSync(join(dir, 'real.db'), join(dir, 'session.db'));
    const link = await classifyPaths([dir]);
    expect(link.ok ? null : link.error.code).toBe('UNSAFE_PATH');
    expect(link.ok ? '' : link.error.message).toContain(join(dir, 'session.db'));

    const other = tempDir('classify-fifo-');
    writeFileSync(join(other, 'session.db'), 'x');
    execFileSync('mkfifo', [join(other, 'session.bodies')]);
    const fifo = await classifyPaths([join(other, 'session.db')]);
    expect(fifo.ok ? null : fifo.error.code).toBe('UNSAFE_PATH');
    expect(fifo.ok ? '' : fifo.error.message).toContain('FIFO');
    removeDir(other);
  });

  it('recognises host.db and a Capsem home', async () => {
    mkdirSync(join(dir, 'sessions'));
    writeFileSync(join(dir, 'sessions', 'host.db'), 'h');
    mkdirSync(join(dir, 'run'));
    expect(await classifyPaths([dir])).toEqual({
      ok: true,
      value: { kind: 'capsem-home', home: dir, hostDbPath: join(dir, 'sessions', 'host.db'), runDir: join(dir, 'run') },
    });
    expect(await classifyPaths([join(dir, 'sessions', 'host.db')])).toEqual({
      ok: true,
      value: { kind: 'host', hostDbPath: join(dir, 'sessions', 'host.db') },
    });
  });

  it('refuses a folder with no ledger and a missing path', async () => {
    const empty = await classifyPaths([dir]);
    expect(empty.ok ? null : empty.error.code).toBe('NOT_A_LEDGER');
    const missing = await classifyPaths([join(dir, 'nope.db')]);
    expect(missing.ok ? null : missing.error.code).toBe('NOT_FOUND');
  });
});

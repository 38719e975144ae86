// The upload area on its own: abandoned uploads expire (eight of them no longer lock dropping until a restart), a
// discarded one frees its place, and folders a killed serve left are removed at the next start, only those.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UPLOAD_IDLE_MS, UPLOAD_MARKER, UPLOAD_PREFIX, UploadArea, uploadFileName } from '../../../src/main/serve/uploads.js';

const root = mkdtempSync(join(tmpdir(), 'uploads-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A pid no process has: one of a child that has already exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(r.stdout.toString());
}

describe('UploadArea', () => {
  it('lets abandoned uploads expire, so a ninth drop is not refused forever', () => {
    let now = 1_000_000;
    const area = new UploadArea(mkdtempSync(join(root, 'expire-')), () => now);
    for (let i = 0; i < 8; i++) area.begin(null);
    expect(() => area.begin(null)).toThrow(/too many uploads are pending/);
    now += UPLOAD_IDLE_MS + 1;
    expect(area.begin(null)).toMatch(/^up-/);
    expect(area.pending()).toBe(1);
    area.disposeAll();
  });

  it('discard frees the place and removes the folder', () => {
    const dir = mkdtempSync(join(root, 'discard-'));
    const area = new UploadArea(dir);
    const id = area.begin('sess');
    expect(readdirSync(dir)).toHaveLength(1);
    area.discard(id);
    expect(readdirSync(dir)).toEqual([]);
    expect(area.pending()).toBe(0);
    expect(() => area.discard(id)).toThrow(/no upload has id/);
  });

  it('at start removes upload folders whose process is gone, and nothing else', () => {
    const dir = mkdtempSync(join(root, 'stale-'));
    const stale = join(dir, `${UPLOAD_PREFIX}stale`);
    const mine = join(dir, `${UPLOAD_PREFIX}mine`);
    const unmarked = join(dir, `${UPLOAD_PREFIX}unmarked`);
    const other = join(dir, 'someone-elses');
    for (const d of [stale, mine, unmarked, other]) mkdirSync(d);
    writeFileSync(join(stale, UPLOAD_MARKER), `pid ${deadPid()}\nupload folder\n`);
    writeFileSync(join(mine, UPLOAD_MARKER), `pid ${process.pid}\nupload folder\n`);
    writeFileSync(join(other, UPLOAD_MARKER), `pid ${deadPid()}\nnot ours by name\n`);
    new UploadArea(dir);
    expect(existsSync(stale)).toBe(false);
    expect([mine, unmarked, other].map(existsSync)).toEqual([true, true, true]);
  });

  it('decodes %-escaped names and names a malformed one', () => {
    expect(uploadFileName('session.bodies%2Fg-00.cbl')).toBe('session.bodies/g-00.cbl');
    expect(() => uploadFileName('%E0%A4%A')).toThrow(/not valid %-escaped text/);
  });
});

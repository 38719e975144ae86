// Which host ledger a check reads beside its sessions: the one a Capsem home or host.db names for --all, the home's
// own for a session folder kept in it, none for a folder elsewhere; a session it does not list is said as such.
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostForAll, hostOfHome, hostStopForSession } from '../../../../src/main/core/check/host-at-hand.js';
import type { StoppedHome } from '../../../fixtures/writer/host/stopped-home.js';
import { writeStoppedHome } from '../../../fixtures/writer/host/stopped-home.js';

const root = mkdtempSync(join(tmpdir(), 'host-at-hand-'));
let home: StoppedHome;
beforeAll(async () => {
  home = await writeStoppedHome(join(root, 'capsem'), [
    { id: 'done', stopped: true },
    { id: 'live', stopped: false },
  ]);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the host ledger at hand', () => {
  it('a Capsem home is walked whole; a host.db stands for its run folder', async () => {
    const fromHome = await hostForAll(home.home, root);
    expect(fromHome).toMatchObject({ hostDbPath: home.hostDbPath, walkRoot: home.home });
    const fromDb = await hostForAll(home.hostDbPath, root);
    expect(fromDb).toMatchObject({ hostDbPath: home.hostDbPath, walkRoot: home.runDir });
    expect(fromDb!.stopFor(home.ledgers.done!.sessionDir)).toMatchObject({ state: 'stopped' });
    expect(fromDb!.stopFor(home.ledgers.live!.sessionDir)).toMatchObject({ state: 'not-stopped' });
  });

  it('a plain folder has none', async () => {
    expect(await hostForAll(join(home.runDir, 'sessions'), root)).toBeNull();
  });

  it("one session kept in a home reads that home's host ledger, by its folder or its session.db", async () => {
    expect(await hostStopForSession(home.ledgers.done!.sessionDir, root)).toMatchObject({ state: 'stopped', hostDb: home.hostDbPath });
    expect(await hostStopForSession(home.ledgers.live!.dbPath, root)).toMatchObject({ state: 'not-stopped' });
  });

  it('a copy outside the home has none; a folder the host ledger does not list is said as such', async () => {
    const copy = join(root, 'elsewhere', 'done');
    cpSync(home.ledgers.done!.sessionDir, copy, { recursive: true });
    expect(await hostStopForSession(copy, root)).toBeNull();
    const stray = join(home.runDir, 'sessions', 'stray');
    cpSync(home.ledgers.done!.sessionDir, stray, { recursive: true });
    expect(await hostStopForSession(stray, root)).toMatchObject({ state: 'not-listed' });
  });

  it('a home is read once for all its sessions, and again when its host.db changed', async () => {
    const once = hostOfHome(home.hostDbPath, home.runDir, root);
    expect(hostOfHome(home.hostDbPath, home.runDir, root)).toBe(once);
    expect((await once).stopFor(home.ledgers.done!.sessionDir)).toMatchObject({ state: 'stopped' });
    const copy = join(root, 'changed');
    cpSync(home.home, copy, { recursive: true });
    const hostDb = join(copy, 'sessions', 'host.db');
    const runDir = join(copy, 'run');
    const before = hostOfHome(hostDb, runDir, root);
    await before;
    appendFileSync(`${hostDb}-wal`, '');
    expect(hostOfHome(hostDb, runDir, root)).not.toBe(before);
  });
});

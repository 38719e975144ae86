// The SQL console's utilityProcess spawner (the packaged app cannot child_process.fork): how it forks, relays,
// maps exit and kills, against a scripted fake; then the whole console end to end through a fake utility process
// that runs the real child with an Electron-like process.parentPort (so the child's port path is exercised).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqlConsole } from '../../../src/main/core/sql/sql-runner.js';
import type { SqlChildReply } from '../../../src/main/core/sql/sql-protocol.js';
import { utilitySqlChildSpawner } from '../../../src/main/electron/sql-utility-spawner.js';
import type { MiniLedger } from '../core/queries/mini-ledger.js';
import { makeMiniLedger } from '../core/queries/mini-ledger.js';
import { forkingUtilityProcess, scriptedUtilityProcess } from './fake-utility-process.js';
import { processGoneWithin } from '../../fixtures/process-alive.js';

const RUN = { type: 'run', dbPath: '/x.db', sql: 'SELECT 1', params: {}, maxRows: 10 } as const;
const RUNAWAY = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT COUNT(*) FROM c';

function setup() {
  const up = scriptedUtilityProcess();
  const killed: number[] = [];
  const spawner = utilitySqlChildSpawner(up, { killPid: (pid) => void killed.push(pid) });
  const handle = spawner.start('/app/out/main/sql-child.js', ['--max-old-space-size=512']);
  const child = up.children[0]!;
  return { up, killed, handle, child };
}

describe('utilitySqlChildSpawner against a scripted utilityProcess', () => {
  it('forks the entry with the given flags, no arguments, stdin/stdout ignored and a service name', () => {
    const { up } = setup();
    expect(up.calls).toEqual([
      {
        modulePath: '/app/out/main/sql-child.js',
        args: [],
        options: { execArgv: ['--max-old-space-size=512'], stdio: ['ignore', 'ignore', 'inherit'], serviceName: 'Capsem SQL console' },
      },
    ]);
  });

  it('relays messages both ways and maps exit to (code, null) once', () => {
    const { handle, child } = setup();
    const replies: SqlChildReply[] = [];
    const exits: [number | null, string | null][] = [];
    handle.on('message', (r) => replies.push(r));
    handle.on('exit', (code, signal) => exits.push([code, signal]));
    child.emit('message', { type: 'ready' });
    handle.send(RUN);
    expect(child.posted).toEqual([RUN]);
    expect(replies).toEqual([{ type: 'ready' }]);
    child.exited(9);
    expect(exits).toEqual([[9, null]]);
    handle.send(RUN);
    expect(child.posted).toHaveLength(1); // nothing is posted to a process that has ended
  });

  it('a fatal-error event from the child does not throw in the main process', () => {
    const { child } = setup();
    expect(() => child.emit('error', 'FatalError', 'v8', '{}')).not.toThrow();
  });

  it('kill SIGKILLs the pid, then lets Electron reap it; a second kill does nothing', () => {
    const { handle, child, killed } = setup();
    child.spawned(4242);
    handle.kill();
    expect([killed, child.kills]).toEqual([[4242], 1]);
    handle.kill();
    expect([killed, child.kills]).toEqual([[4242], 1]);
  });

  it('kill before the child has a pid ends it as soon as it spawns', () => {
    const { handle, child, killed } = setup();
    handle.kill();
    expect([killed, child.kills]).toEqual([[], 1]);
    child.spawned(77);
    expect([killed, child.kills]).toEqual([[77], 2]);
  });

  it('kill after exit signals nothing (the pid may belong to someone else by now)', () => {
    const { handle, child, killed } = setup();
    child.spawned(5);
    child.exited(0);
    handle.kill();
    expect([killed, child.kills]).toEqual([[], 0]);
  });

  it('a pid that vanished before the signal still reaches kill()', () => {
    const up = scriptedUtilityProcess();
    const handle = utilitySqlChildSpawner(up, {
      killPid: () => {
        throw Object.assign(new Error('kill ESRCH'), { code: 'ESRCH' });
      },
    }).start('/e.js', []);
    up.children[0]!.spawned(6);
    expect(() => handle.kill()).not.toThrow();
    expect(up.children[0]!.kills).toBe(1);
  });
});

describe('SqlConsole through a utility process (real child, Electron-like parentPort)', () => {
  let L: MiniLedger;
  beforeAll(() => {
    L = makeMiniLedger(5);
  });
  afterAll(() => L.cleanup());

  const gone = (pid: number): Promise<boolean> => processGoneWithin(pid, 1000);

  it('runs a query, talking only through process.parentPort', async () => {
    const up = forkingUtilityProcess();
    const sql = new SqlConsole({ spawner: utilitySqlChildSpawner(up) });
    try {
      const r = await sql.run(L.path, { runId: 'a', sql: 'SELECT 40 + 2 AS answer', deadlineMs: 10_000 });
      expect(r).toMatchObject({ ok: true, value: { columns: ['answer'], rows: [[42]], truncated: false } });
      expect(up.calls[0]!.modulePath).toMatch(/sql-child\.ts$/);
      expect(up.calls[0]!.options?.execArgv).toContain('--max-old-space-size=512');
      // The child is kept warm and reused for the next query.
      const again = await sql.run(L.path, { runId: 'b', sql: 'SELECT 7', deadlineMs: 10_000 });
      expect(again).toMatchObject({ ok: true, value: { rows: [[7]] } });
      expect(up.calls).toHaveLength(1);
    } finally {
      sql.dispose();
    }
  });

  it('a runaway query is stopped at its deadline and its process is gone', async () => {
    const up = forkingUtilityProcess();
    const sql = new SqlConsole({ spawner: utilitySqlChildSpawner(up) });
    try {
      expect(await sql.whenWarm()).toBe(true);
      const r = await sql.run(L.path, { runId: 'd', sql: RUNAWAY, deadlineMs: 300 });
      expect(r).toMatchObject({ ok: false, error: { code: 'DEADLINE' } });
      expect(await gone(up.pids[0]!)).toBe(true);
    } finally {
      sql.dispose();
    }
  });

  it('cancel answers CANCELLED at once and kills the process', async () => {
    const up = forkingUtilityProcess();
    const sql = new SqlConsole({ spawner: utilitySqlChildSpawner(up) });
    try {
      expect(await sql.whenWarm()).toBe(true);
      const pending = sql.run(L.path, { runId: 'c', sql: RUNAWAY, deadlineMs: 60_000 });
      await new Promise((r) => setTimeout(r, 200));
      // The query would run for its 60 s deadline: CANCELLED is the cancel's own answer, not the deadline's.
      expect(sql.cancel('c')).toBe(true);
      expect(await pending).toMatchObject({ ok: false, error: { code: 'CANCELLED' } });
      expect(await gone(up.pids[0]!)).toBe(true);
    } finally {
      sql.dispose();
    }
  });
});

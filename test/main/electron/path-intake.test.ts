import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyPaths } from '../../../src/main/core/evidence/classify.js';
import type { ClassifiedInput } from '../../../src/main/core/evidence/types.js';
import type { IntakePorts, IntakeSource, Refusal } from '../../../src/main/electron/path-intake.js';
import { intakePaths, windowKeyFor } from '../../../src/main/electron/path-intake.js';
import { nodeResolveFs } from '../../../src/main/electron/path-resolve.js';
import { groupOpenRequests } from '../../../src/main/electron/open-groups.js';

// Classification only lstats names, so empty files stand in for ledgers here; nothing is opened.
let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'intake-'));
  const session = (name: string) => {
    mkdirSync(join(root, name), { recursive: true });
    writeFileSync(join(root, name, 'session.db'), '');
    writeFileSync(join(root, name, 'session.bodies'), '');
  };
  session('ses_a');
  session('ses b ünïcode');
  session('-dash');
  writeFileSync(join(root, 'ses_a', 'session.db-wal'), '');
  mkdirSync(join(root, 'home', 'sessions'), { recursive: true });
  writeFileSync(join(root, 'home', 'sessions', 'host.db'), '');
  mkdirSync(join(root, 'empty'));
  symlinkSync(join(root, 'ses_a'), join(root, 'link-to-a'));
  symlinkSync(join(root, 'loop1'), join(root, 'loop2'));
  symlinkSync(join(root, 'loop2'), join(root, 'loop1'));
  execFileSync('mkfifo', [join(root, 'pipe')]);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function fakePorts(alreadyOpen: string[] = []) {
  const opened: { input: ClassifiedInput; key: string; source: IntakeSource }[] = [];
  const focused: string[] = [];
  const shown: Refusal[][] = [];
  const remembered: (readonly string[])[] = [];
  const open = new Set(alreadyOpen);
  const ports: IntakePorts<string> = {
    fs: nodeResolveFs,
    classify: classifyPaths,
    focusExisting: (key) => (open.has(key) ? (focused.push(key), `window for ${key}`) : null),
    open: async (input, key, source) => {
      opened.push({ input, key, source });
      open.add(key);
      return { ok: true, value: `window for ${key}` };
    },
    showRefusals: (refusals) => shown.push([...refusals]),
    remember: (paths) => remembered.push(paths),
  };
  return { ports, opened, focused, shown, remembered };
}

describe('path intake', () => {
  it('opens a session folder in a window keyed by the session id', async () => {
    const f = fakePorts();
    const out = await intakePaths([join(root, 'ses_a')], f.ports, 'argv');
    expect(out).toEqual([{ kind: 'opened', key: 'session:ses_a', paths: [join(root, 'ses_a')], value: 'window for session:ses_a' }]);
    const input = f.opened[0]!.input;
    expect(input.kind === 'session' && input.dbPath).toBe(join(root, 'ses_a', 'session.db'));
    expect(f.remembered).toEqual([[join(root, 'ses_a')]]);
    expect(f.shown).toEqual([]);
  });

  it('opens a dropped pair (db + bodies, with the -wal) as ONE session', async () => {
    const f = fakePorts();
    const dir = join(root, 'ses_a');
    const out = await intakePaths([join(dir, 'session.bodies'), join(dir, 'session.db-wal'), join(dir, 'session.db')], f.ports, 'drop');
    expect(out.map((o) => o.kind)).toEqual(['opened']);
    expect(out[0]!.paths).toEqual([join(dir, 'session.db'), join(dir, 'session.bodies')]);
    expect(f.opened[0]!.input).toMatchObject({
      kind: 'session',
      givenAs: 'pair',
      archive: { kind: 'file', path: join(dir, 'session.bodies') },
    });
  });

  it('focuses the window already showing a session instead of opening it twice', async () => {
    const f = fakePorts(['session:ses_a']);
    const out = await intakePaths([join(root, 'ses_a', 'session.db')], f.ports, 'second-instance');
    expect(out[0]).toMatchObject({ kind: 'focused', key: 'session:ses_a' });
    expect(f.opened).toHaveLength(0);
    expect(f.focused).toEqual(['session:ses_a']);
  });

  it('resolves a symlink given by the user to its target, and keys by the real session', async () => {
    const f = fakePorts();
    const out = await intakePaths([join(root, 'link-to-a')], f.ports, 'open-file');
    expect(out[0]).toMatchObject({ kind: 'opened', key: 'session:ses_a', paths: [join(root, 'ses_a')] });
  });

  it('refuses a FIFO without opening it (no hang) and says why', async () => {
    const f = fakePorts();
    // Opening a FIFO would block until a writer came: the answer arriving at all is the proof it was not opened.
    const out = await intakePaths([join(root, 'pipe')], f.ports, 'drop');
    expect(out[0]).toMatchObject({ kind: 'refused', error: { code: 'UNSAFE_PATH' } });
    expect((out[0] as { error: { message: string } }).error.message).toMatch(/FIFO/);
    expect(f.shown[0]![0]!.paths).toEqual([join(root, 'pipe')]);
    expect(f.opened).toHaveLength(0);
  });

  it('refuses a missing file and a symlink loop with their own codes', async () => {
    const f = fakePorts();
    const out = await intakePaths([join(root, 'nope', 'session.db'), join(root, 'loop1')], f.ports, 'argv');
    expect(out.map((o) => (o.kind === 'refused' ? o.error.code : o.kind))).toEqual(['NOT_FOUND', 'UNSAFE_PATH']);
    expect(f.shown).toHaveLength(1);
    expect(f.shown[0]).toHaveLength(2);
  });

  it('opens a host.db and a Capsem home as library windows', async () => {
    const f = fakePorts();
    const out = await intakePaths([join(root, 'home', 'sessions', 'host.db'), join(root, 'home')], f.ports, 'dialog');
    expect(out.map((o) => (o.kind === 'opened' ? o.key : o.kind))).toEqual([
      `host:${join(root, 'home', 'sessions', 'host.db')}`,
      `home:${join(root, 'home')}`,
    ]);
  });

  it('handles odd names: spaces, unicode, a leading dash', async () => {
    const f = fakePorts();
    const out = await intakePaths([join(root, 'ses b ünïcode'), join(root, '-dash', 'session.db')], f.ports, 'argv');
    expect(out.map((o) => (o.kind === 'opened' ? o.key : o.kind))).toEqual(['session:ses b ünïcode', 'session:-dash']);
  });

  it('refuses a folder that holds no ledger, naming it, while still opening the rest', async () => {
    const f = fakePorts();
    const out = await intakePaths([join(root, 'empty'), join(root, 'ses_a')], f.ports, 'argv');
    expect(out.map((o) => o.kind)).toEqual(['refused', 'opened']);
    expect((out[0] as { error: { code: string; message: string } }).error).toMatchObject({ code: 'NOT_A_LEDGER' });
    expect((out[0] as { error: { message: string } }).error.message).toContain(join(root, 'empty'));
  });

  it('passes an open failure through as a refusal', async () => {
    const f = fakePorts();
    f.ports.open = async () => ({ ok: false, error: { code: 'DB_CORRUPT', message: 'session.db: page 2 damaged' } });
    const out = await intakePaths([join(root, 'ses_a')], f.ports, 'argv');
    expect(out[0]).toMatchObject({ kind: 'refused', error: { code: 'DB_CORRUPT' } });
    expect(f.remembered).toHaveLength(0);
  });
});

describe('grouping and keys', () => {
  it('pairs a .db with its .bodies, drops sidecars of a named db, keeps the rest alone', () => {
    expect(groupOpenRequests(['/a/session.db', '/b/x', '/a/session.bodies', '/a/session.db-shm', '/a/session.db'])).toEqual([
      ['/a/session.db', '/a/session.bodies'],
      ['/b/x'],
    ]);
    expect(groupOpenRequests(['/a/session.bodies', '/b/session.db'])).toEqual([['/a/session.bodies'], ['/b/session.db']]);
    expect(groupOpenRequests(['/a/session.db-wal'])).toEqual([['/a/session.db-wal']]);
  });
  it('keys a session by its folder name only', () => {
    expect(windowKeyFor({ kind: 'session', dir: '/x/ses_1', dbPath: '/x/ses_1/session.db', archive: null, givenAs: 'db' })).toBe(
      'session:ses_1',
    );
  });
});

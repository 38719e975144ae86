import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LibraryStore, libraryIdFor } from '../../../../src/main/core/library/library-store.js';
import { libraryView } from '../../../../src/main/core/library/library-view.js';
import { BIG_COUNTER, T0, sampleSessions, writeSampleHome } from '../../../fixtures/writer/host/host-sample.js';
import type { ExpectedBreak } from '../../../fixtures/writer/host/host-mutations.js';
import { deleteRow, modifyField, modifyStoredHash, swapRows } from '../../../fixtures/writer/host/host-mutations.js';

let root: string;
let home: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'capsem-library-'));
  home = join(root, 'home');
  await writeSampleHome(home);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function viewOf(path: string) {
  const store = new LibraryStore({ scratchRoot: root });
  const opened = await store.open(path);
  if (!opened.ok) throw new Error(`${opened.error.code}: ${opened.error.message}`);
  const { summary, ledger } = store.get(opened.value.id);
  return libraryView(summary, ledger);
}

/** A copy of the sample home's host.db, damaged by `mutate`, in its own home folder. */
function mutatedHome(name: string, mutate: (db: Database.Database) => ExpectedBreak[]): { path: string; expected: ExpectedBreak[] } {
  const dir = join(root, name, 'sessions');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'host.db');
  copyFileSync(join(home, 'sessions', 'host.db'), path);
  const db = new Database(path);
  const expected = mutate(db);
  db.close();
  return { path, expected };
}

describe('library view of a fixture host ledger', () => {
  it('lists every written session, newest first, with the written status, times and counters', async () => {
    const v = await viewOf(home);
    const written = sampleSessions();
    expect(v.sessions.map((s) => s.id)).toEqual([...written].sort((a, b) => b.createdMs - a.createdMs).map((s) => s.id));
    for (const w of written) {
      const s = v.sessions.find((x) => x.id === w.id)!;
      expect(s.createdMs).toBe(w.createdMs);
      expect(s.stoppedMs).toBe(w.stoppedMs);
      expect(s.status).toBe(w.stoppedMs === null ? 'running' : (w.status ?? 'stopped'));
      expect(s.onDisk).toBe(w.onDisk);
      expect(s.canOpen).toBe(w.onDisk !== null);
      expect(s.hasCounters).toBe(w.counters !== undefined);
      expect(s.persistent).toBe(w.persistent ?? false);
    }
    const alpha = v.sessions.find((s) => s.id === 's-alpha')!;
    expect(alpha).toMatchObject({
      durationMs: 60_000,
      costMicroUsd: '12340',
      costUsd: 0.01234,
      modelCalls: '3',
      netEvents: '10',
      tokensIn: '1000',
      tokensOut: '200',
      toolCalls: '2',
      fileEvents: '5', // 7 file events minus 2 overflow markers
    });
    const charlie = v.sessions.find((s) => s.id === 's-charlie')!;
    expect(charlie).toMatchObject({ costMicroUsd: '2500000', tokensIn: '40000', netEvents: '5', toolCalls: '0' });
    const echo = v.sessions.find((s) => s.id === 's-echo')!;
    expect(echo).toMatchObject({ hasCounters: false, netEvents: null, costUsd: null });
    expect(BIG_COUNTER.toString()).toBe('1152921504606859321');
  });

  it('shows an intact chain with the tail-unverifiable sentence, the service timeline and the policy log', async () => {
    const v = await viewOf(join(home, 'sessions', 'host.db'));
    expect(v.chain.intact).toBe(true);
    expect(v.chain.breaks).toEqual([]);
    expect(v.chain.tail).toBe('unverifiable');
    expect(v.chain.events).toBe(11); // service start + 5 created + 4 stopped + service stop
    expect(v.chain.intactPrefix).toBe(11);
    expect(v.chain.summary).toMatch(/removed from the end cannot be shown without an outside anchor/);
    expect(v.service).toEqual([
      { kind: 'service_started', index: 0, timestampUnixMs: T0 - 1_000 },
      { kind: 'service_stopped', index: 10, timestampUnixMs: T0 + 700_000 },
    ]);
    expect(v.policy).toEqual({ present: true, mutations: 4, applied: 3, failed: 1, settingsChainBreaks: [] });
    expect(v.library.id).toBe(libraryIdFor(join(home, 'sessions', 'host.db')));
    expect(v.library.sessions).toBe(5);
  });

  it.each([
    ['a modified actor', (db: Database.Database) => modifyField(db, 3, 'actor')],
    ['a forged stored hash', (db: Database.Database) => modifyStoredHash(db, 5)],
    ['a deleted event', (db: Database.Database) => deleteRow(db, 4)],
    ['two swapped events', (db: Database.Database) => swapRows(db, 2, 6)],
  ])('lists every break of %s at the right row', async (name, mutate) => {
    const { path, expected } = mutatedHome(name.replace(/\W+/g, '-'), mutate);
    const v = await viewOf(path);
    expect(v.chain.intact).toBe(false);
    expect(v.library.chainIntact).toBe(false);
    expect(v.chain.breaks.map((b) => ({ index: b.index, id: b.id, kind: b.kind }))).toEqual(expected);
    expect(v.chain.intactPrefix).toBe(expected[0]!.index);
    for (const b of v.chain.breaks) expect(b.message).toMatch(new RegExp(`${b.index}|${b.id}`));
  });
});

describe('LibraryStore.openIfLibrary', () => {
  it('takes a Capsem home, its sessions folder or host.db, and passes anything else by', async () => {
    const store = new LibraryStore({ scratchRoot: root });
    const id = libraryIdFor(join(home, 'sessions', 'host.db'));
    for (const p of [home, join(home, 'sessions'), join(home, 'sessions', 'host.db')]) {
      const r = await store.openIfLibrary([p]);
      expect(r?.ok && r.value.id).toBe(id);
    }
    expect(store.list()).toHaveLength(1);
    expect(await store.openIfLibrary([join(home, 'run', 'sessions', 's-alpha')])).toBeNull();
    expect(await store.openIfLibrary([join(root, 'nothing-here')])).toBeNull();
  });

  it('refuses a Capsem home without a host ledger with a sentence naming it', async () => {
    const bare = join(root, 'bare');
    mkdirSync(join(bare, 'run'), { recursive: true });
    const r = await new LibraryStore({ scratchRoot: root }).openIfLibrary([bare]);
    expect(r?.ok).toBe(false);
    if (r && !r.ok) {
      expect(r.error.code).toBe('NOT_FOUND');
      expect(r.error.message).toContain(bare);
    }
  });
});

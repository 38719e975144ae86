import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { captureIo } from '../../../src/cli/io.js';
import { run } from '../../../src/cli/commands/chain.js';
import { writeSampleHome } from '../../fixtures/writer/host/host-sample.js';
import type { SampleHome } from '../../fixtures/writer/host/host-sample.js';
import { anchorOf, deleteRow, modifyField, truncateTail } from '../../fixtures/writer/host/host-mutations.js';

let root: string;
let sample: SampleHome;
beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'cli-chain-'));
  sample = await writeSampleHome(join(root, 'capsem'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function edit<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(sample.hostDbPath);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

describe('capsem-inspect chain', () => {
  it('exit 0 on a clean chain, saying the tail is not provable without an anchor', async () => {
    const io = captureIo();
    expect(await run([sample.hostDbPath], io)).toBe(0);
    expect(io.out).toContain(`All ${sample.rows.length} events chain from genesis.`);
    expect(io.out).toMatch(/cannot be shown without an outside anchor/);
    expect(io.out).toMatch(/Settings-file chain .*4 edit\(s\), 3 applied, each applied edit starts from the previous one's file/);
    expect(io.err).toBe('');
    const policyLines = io.out
      .split('\n')
      .filter((l) => /^\s*\d+\s+2026-/.test(l))
      .map((l) => l.trim().split(/\s+/));
    expect(policyLines.map((c) => [c[0], c[c.length - 1]])).toEqual([
      ['1', 'ok'],
      ['2', 'failed'],
      ['3', 'ok'],
      ['4', 'ok'],
    ]);
  });

  it('exit 1 listing every break with its event index, id and kind', async () => {
    const expected = edit((db) => [...modifyField(db, 1, 'timestamp_unix_ms'), ...deleteRow(db, 5)]);
    const io = captureIo();
    expect(await run([sample.hostDbPath], io)).toBe(1);
    const lines = io.out.split('\n').filter((l) => /^\s*\d+\s+\d+\s+(link|hash)\s/.test(l));
    expect(lines.map((l) => l.trim().split(/\s+/).slice(0, 3))).toEqual(expected.map((b) => [String(b.index), String(b.id), b.kind]));
    expect(io.out).toMatch(/The chain is broken at 2 event\(s\); intact up to event 1/);
    const json = captureIo();
    expect(await run([sample.hostDbPath, '--json'], json)).toBe(1);
    const parsed = JSON.parse(json.out) as { chain: { breaks: { index: number; id: number; kind: string }[] } };
    expect(parsed.chain.breaks.map(({ index, id, kind }) => ({ index, id, kind }))).toEqual(expected);
  });

  it('a truncated tail passes without an anchor and fails with one', async () => {
    const anchor = edit((db) => anchorOf(db));
    edit((db) => truncateTail(db, 2));
    expect(await run([sample.hostDbPath], captureIo())).toBe(0);
    const byCount = captureIo();
    expect(await run([sample.hostDbPath, '--expect-count', String(anchor.expectCount)], byCount)).toBe(1);
    expect(byCount.out).toMatch(/Anchor: the anchor records \d+ events but host_events holds \d+: 2 event\(s\) are missing/);
    const byHead = captureIo();
    expect(await run([sample.hostDbPath, '--expect-head', anchor.expectHead], byHead)).toBe(1);
    expect(byHead.out).toMatch(/no event carries the anchored head hash/);
  });

  it('a matching anchor holds (exit 0)', async () => {
    const anchor = edit((db) => anchorOf(db));
    const io = captureIo();
    expect(await run([sample.home, '--expect-head', anchor.expectHead, '--expect-count', String(anchor.expectCount)], io)).toBe(0);
    expect(io.out).toMatch(/The outside anchor matches/);
  });

  it('exit 2 when it cannot open, or on a usage error', async () => {
    const missing = captureIo();
    expect(await run([join(root, 'none.db')], missing)).toBe(2);
    expect(missing.err).toMatch(/host ledger not found at .*none\.db/);
    const junk = join(root, 'junk.db');
    writeFileSync(junk, 'not sqlite at all, just text that is long enough to have a header-sized prefix'.repeat(3));
    const notDb = captureIo();
    expect(await run([junk], notDb)).toBe(2);
    expect(notDb.err).toMatch(/cannot open the host ledger \(NOT_A_LEDGER\)/);
    for (const bad of [
      [],
      ['--expect-head', 'abc', sample.hostDbPath],
      ['--expect-count', '-3', sample.hostDbPath],
      ['--nope', sample.hostDbPath],
    ]) {
      const io = captureIo();
      expect(await run(bad, io)).toBe(2);
      expect(io.err).toMatch(/usage: capsem-inspect chain/);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureIo } from '../../../src/cli/io.js';
import { run } from '../../../src/cli/commands/list.js';
import { BIG_COUNTER, writeSampleHome } from '../../fixtures/writer/host/host-sample.js';
import { openFixtureDb } from '../../fixtures/writer/host/host-writer.js';

let root: string;
let home: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cli-list-'));
  home = join(root, 'capsem');
  await writeSampleHome(home);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Session ids of the table rows, in printed order, with the on-disk mark. */
function tableIds(out: string): string[] {
  return out
    .split('\n')
    .filter((l) => /^[* ] s-/.test(l))
    .map((l) =>
      l
        .split(/\s+/)
        .filter(Boolean)
        .slice(0, l.startsWith('*') ? 2 : 1)
        .join(' '),
    );
}

describe('capsem-inspect list', () => {
  it('lists sessions newest first from $CAPSEM_HOME, marking those still on disk', async () => {
    const io = captureIo({ CAPSEM_HOME: home });
    expect(await run([], io)).toBe(0);
    expect(io.err).toBe('');
    expect(tableIds(io.out)).toEqual(['s-echo', '* s-delta', '* s-charlie', 's-bravo', '* s-alpha']);
    const alpha = io.out.split('\n').find((l) => l.includes('s-alpha'))!;
    expect(alpha.split(/\s{2,}/).map((c) => c.trim())).toEqual([
      '* s-alpha',
      'stopped',
      '2026-10-03 04:00:00Z',
      '1m00s',
      '$0.0123',
      '10',
      '1000+200',
      '2',
      '5',
    ]);
    expect(io.out).toMatch(/5 of 5 session\(s\) shown/);
    expect(io.out).toMatch(/Chain: \d+ events chain from genesis/);
    expect(io.out).not.toMatch(/\u001b\[/);
  });

  it('accepts the home, its sessions folder or host.db itself, and combines filters', async () => {
    for (const target of [home, join(home, 'sessions'), join(home, 'sessions', 'host.db')]) {
      const io = captureIo();
      expect(await run([target, '--with-model', '--with-db'], io)).toBe(0);
      expect(tableIds(io.out)).toEqual(['* s-charlie', '* s-alpha']);
    }
    const io = captureIo();
    expect(await run([home, '--min-cost', '1', '-n', '5'], io)).toBe(0);
    expect(tableIds(io.out)).toEqual(['* s-charlie']);
    const limited = captureIo();
    await run([home, '-n', '2'], limited);
    expect(tableIds(limited.out)).toEqual(['s-echo', '* s-delta']);
    const none = captureIo();
    expect(await run([home, '--with-tools', '--min-cost', '5'], none)).toBe(0);
    expect(none.out).toMatch(/No session matches the filters \(5 in the ledger\)/);
  });

  it('--json gives exact counters as strings and the same order', async () => {
    const io = captureIo();
    expect(await run([home, '--json', '--with-net'], io)).toBe(0);
    const parsed = JSON.parse(io.out) as { sessions: { id: string }[]; totalSessions: number; chain: { intact: boolean } };
    expect(parsed.sessions.map((s) => s.id)).toEqual(['s-charlie', 's-alpha']);
    expect(parsed.totalSessions).toBe(5);
    expect(parsed.chain.intact).toBe(true);
    const all = captureIo();
    await run([home, '--json'], all);
    expect(all.out).toContain(`"bytesReceived": "${BIG_COUNTER}"`);
  });

  it('exit 2 with a sentence when the host ledger is missing; usage errors exit 2', async () => {
    const io = captureIo({ CAPSEM_HOME: join(root, 'nowhere') });
    expect(await run([], io)).toBe(2);
    expect(io.err).toBe(`capsem-inspect list: host ledger not found at ${join(root, 'nowhere', 'sessions', 'host.db')}\n`);
    expect(io.out).toBe('');
    for (const bad of [['-n', 'x'], ['--min-cost', '-1'], ['--bogus'], [home, home]]) {
      const u = captureIo();
      expect(await run(bad, u)).toBe(2);
      expect(u.err).toMatch(/usage: capsem-inspect list/);
    }
  });

  it('an empty host ledger: says so, prints an empty table, exit 0', async () => {
    const emptyHome = join(root, 'empty');
    openFixtureDb(join(emptyHome, 'sessions', 'host.db')).close();
    const io = captureIo();
    expect(await run([emptyHome], io)).toBe(0);
    expect(io.out).toMatch(/No sessions recorded in this host ledger\./);
    expect(io.out).toMatch(/id\s+status\s+created/);
    expect(tableIds(io.out)).toEqual([]);
  });

  it('colours only when the output is a terminal', async () => {
    const tty = Object.assign(captureIo(), { isTty: true });
    expect(await run([home], tty)).toBe(0);
    expect(tty.out).toMatch(/\u001b\[33m/);
  });
});

// capsem-inspect check over a Capsem home (issue 38): each session compared with the host's final counters, the gap
// named on --all's line and in --json, a session never stopped named, and a single check of a session kept in the
// home reading the same host ledger.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../../src/cli/commands/check.js';
import { captureIo } from '../../../src/cli/io.js';
import type { StoppedHome } from '../../fixtures/writer/host/stopped-home.js';
import { cutTail, writeStoppedHome } from '../../fixtures/writer/host/stopped-home.js';

const root = mkdtempSync(join(tmpdir(), 'cli-check-stopped-'));
let home: StoppedHome;
let goneHome: StoppedHome;
beforeAll(async () => {
  goneHome = await writeStoppedHome(join(root, 'gone'), [
    { id: 'kept', stopped: true },
    { id: 'deleted', stopped: true },
  ]);
  rmSync(goneHome.ledgers.deleted!.sessionDir, { recursive: true });
  home = await writeStoppedHome(join(root, 'capsem'), [
    { id: 'equal', stopped: true },
    { id: 'cut', stopped: true },
    { id: 'running', stopped: false },
  ]);
  cutTail(home.ledgers.cut!, 'net_events', 3);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const lineOf = (out: string, id: string): string => out.split('\n').find((l) => l.includes(join('sessions', id) + ' '))!;

describe('capsem-inspect check with the host ledger at hand', () => {
  it('--all <home>: the cut session names STOPPED_COUNTERS_DISAGREE, the running one its unknown final counters', async () => {
    const io = captureIo();
    await run(['--all', home.home, '--no-verify-bodies'], io);
    expect(io.err).toBe('');
    expect(lineOf(io.out, 'cut')).toContain('STOPPED_COUNTERS_DISAGREE');
    expect(lineOf(io.out, 'equal')).not.toContain('STOPPED_COUNTERS_DISAGREE');
    expect(lineOf(io.out, 'running')).toContain('no session_stopped: final counters unknown');
    expect(io.out).toContain('3 sessions checked');
  });

  it('--all <host.db> --json: the gap with its table and count, the unknown counters under notChecked', async () => {
    const io = captureIo();
    await run(['--all', home.hostDbPath, '--json', '--no-verify-bodies'], io);
    const lines = io.out
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            session: { id: string };
            completeness: { gaps: { kind: string; rows: number; places: { place: string }[] }[]; notChecked: string[] };
          },
      );
    const by = (id: string) => lines.find((l) => l.session.id === id)!.completeness;
    expect(lines).toHaveLength(3);
    const gap = by('cut').gaps.find((g) => g.kind === 'STOPPED_COUNTERS_DISAGREE')!;
    expect(gap.rows).toBe(3);
    expect(gap.places[0]!.place).toMatch(/^net_events \(host net\.total/);
    expect(by('equal').gaps.map((g) => g.kind)).not.toContain('STOPPED_COUNTERS_DISAGREE');
    expect(by('running').notChecked.some((n) => n.startsWith('no session_stopped: the final counters are unknown'))).toBe(true);
  });

  it('one session kept in the home: its report compares the host counters too; --require-complete exits 1', async () => {
    const io = captureIo();
    expect(await run([home.ledgers.cut!.sessionDir, '--no-verify-bodies', '--require-complete'], io)).toBe(1);
    expect(io.out).toContain('STOPPED_COUNTERS_DISAGREE: 3');
    expect(io.out).toContain('the host counted 3 more net_events rows than the ledger holds');
  });
});

describe('capsem-inspect check --all: sessions the host ledger lists whose ledger is gone', () => {
  it('names each gone session with why, counts it in the summary, and fails only --require-complete', async () => {
    const io = captureIo();
    expect(await run(['--all', goneHome.home, '--no-verify-bodies'], io)).toBe(0);
    const gone = io.out.split('\n').find((l) => l.startsWith('gone'))!;
    expect(gone).toContain('deleted');
    expect(gone).toContain('its ledger folder is gone');
    expect(io.out).toContain('1 session checked, 0 damaged or unreadable, 1 session listed by the host ledger but gone from disk');
    expect(await run(['--all', goneHome.home, '--no-verify-bodies', '--require-complete'], captureIo())).toBe(1);
  });

  it('--json: one line for the gone session, with no verdict and the reason', async () => {
    const io = captureIo();
    await run(['--all', goneHome.hostDbPath, '--json', '--no-verify-bodies'], io);
    const lines = io.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { session: { id: string }; verdict: string | null; gone?: string });
    expect(lines).toHaveLength(2);
    expect(lines.find((l) => l.session.id === 'deleted')).toMatchObject({ verdict: null, gone: expect.stringContaining('is gone') });
  });
});

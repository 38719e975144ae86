// capsem-inspect notable: add, list and remove in a set file outside the evidence, then scan a session that holds
// one saved entry and not another. scan's hits are exactly hunt's for the same indicator over the same session, and
// nothing is written into the session folder.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../../src/cli/commands/notable.js';
import { captureIo } from '../../../src/cli/io.js';
import { writeLedger, type WrittenLedger } from '../../fixtures/writer/ledger-writer.js';
import { snapshotFolder } from '../../hostile/lib/folder-snapshot.js';
import { hunt, plantRows } from './hunt-run.js';

const PLANTED = 'beacon.notable-cli.example';
const root = mkdtempSync(join(tmpdir(), 'cli-notable-'));
const set = join(root, 'set.capsem-notable');
let session: WrittenLedger;
let before: ReturnType<typeof snapshotFolder>;
beforeAll(async () => {
  session = await writeLedger(join(root, 'evidence'), { generation: 'A4', seed: 41, sessionId: 'notable-cli' });
  plantRows(session, `UPDATE net_events SET domain = '${PLANTED}' WHERE id = (SELECT MIN(id) FROM net_events)`);
  before = snapshotFolder(join(root, 'evidence'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function notable(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(env);
  const code = await run(args, io);
  return { code, out: io.out, err: io.err };
}

const jsonLines = (out: string): Record<string, unknown>[] =>
  out
    .trimEnd()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('capsem-inspect notable', () => {
  it('adds, lists and removes named indicators', async () => {
    expect(await notable(['add', 'c2', '--domain', PLANTED, '--notable', set])).toMatchObject({
      code: 0,
      out: `saved c2 (--domain ${PLANTED}) in ${set}\n`,
    });
    expect((await notable(['add', 'never', '-F', 'NOTABLE-cli-absent', '-i', '--process', 'nope', '--notable', set])).code).toBe(0);
    expect((await notable(['add', 'gone', '--secrets', '--notable', set])).code).toBe(0);
    const listed = await notable(['list', '--notable', set]);
    expect(listed.out).toBe(`c2  --domain ${PLANTED}\nnever  -F NOTABLE-cli-absent -i  --process nope\ngone  --secrets\n`);
    expect(await notable(['remove', 'gone', '--notable', set])).toMatchObject({ code: 0, out: `removed gone from ${set}\n` });
    const json = jsonLines((await notable(['list', '--notable', set, '--json'])).out);
    expect(json.map((e) => e.name)).toEqual(['c2', 'never']);
    expect(json[1]).toMatchObject({
      type: 'entry',
      indicators: [
        { kind: 'fixed', value: 'NOTABLE-cli-absent', ignoreCase: true },
        { kind: 'process', value: 'nope' },
      ],
    });
    expect(await notable(['add', 'c2', '--domain', 'x.example', '--notable', set])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/BAD_REQUEST: c2 is already saved/),
    });
    expect(await notable(['remove', 'gone', '--notable', set])).toMatchObject({ code: 2, err: expect.stringMatching(/NOT_FOUND/) });
    expect((await notable(['add', 'empty', '--notable', set])).err).toMatch(/at least one indicator is required/);
  });

  it("scan flags the saved entry planted in the session with hunt's own hits, not the absent one", async () => {
    const r = await notable(['scan', session.sessionDir, '--notable', set, '--json']);
    expect(r.code).toBe(0);
    const lines = jsonLines(r.out);
    expect(lines.filter((l) => l.type === 'found').map((l) => l.name)).toEqual(['c2']);
    expect(lines.at(-1)).toMatchObject({ type: 'summary', session: 'notable-cli', entries: 2, found: 1, error: null });
    const hunted = await hunt([join(root, 'evidence'), '--domain', PLANTED, '--json']);
    const strip = (l: Record<string, unknown>): Record<string, unknown> => {
      const { notable: _n, ...rest } = l;
      return rest;
    };
    expect(lines.filter((l) => l.type === 'hit').map(strip)).toEqual(hunted.lines.filter((l) => l.type === 'hit'));
    const text = await notable(['scan', session.sessionDir, '--notable', set]);
    expect(text.out).toMatch(
      /^Notable: 1 of 2 saved indicators found in notable-cli\n== c2 {2}\[--domain beacon\.notable-cli\.example\] {2}\d+ hits?\n {2}\S+ net_events\.domain#\d+/,
    );
    expect(snapshotFolder(join(root, 'evidence'))).toEqual(before);
  });

  it('scan finds nothing (exit 1) when no entry is there, and refuses a damaged or newer set by name', async () => {
    const other = join(root, 'absent.capsem-notable');
    await notable(['add', 'absent', '--domain', 'never.example', '--notable', other]);
    expect(await notable(['scan', session.sessionDir, '--notable', other])).toMatchObject({
      code: 1,
      out: 'Notable: 0 of 1 saved indicator found in notable-cli\n',
    });
    const newer = join(root, 'newer.capsem-notable');
    writeFileSync(newer, readFileSync(other, 'utf8').replace('"version":1', '"version":9'));
    expect(await notable(['scan', session.sessionDir, '--notable', newer])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/NOTABLE_TOO_NEW/),
    });
    const damaged = join(root, 'damaged.capsem-notable');
    writeFileSync(damaged, readFileSync(other, 'utf8').slice(0, -3));
    expect(await notable(['list', '--notable', damaged])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/NOTABLE_DAMAGED: notable set .* is damaged at line 2/),
    });
  });

  it("keeps the set in the desktop app's data folder when --notable is not given", async () => {
    const home = mkdtempSync(join(root, 'home-'));
    expect((await notable(['add', 'curl', '--process', 'curl'], { HOME: home, XDG_CONFIG_HOME: '' })).code).toBe(0);
    const listed = await notable(['list'], { HOME: home });
    expect(listed.out).toBe('curl  --process curl\n');
    expect(listed.err).toContain(join(home, '.config', 'Capsem Ledger Inspector', 'notable.capsem-notable'));
  });
});

// capsem-inspect case: add then list (text and --json), list's exit 1 once an item is changed, the refusals (an event
// the ledger does not hold, one held by several tables, a case file inside the evidence, directly or through a link),
// usage errors, and no write to the evidence folder.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../../src/cli/io.js';
import { run } from '../../../src/cli/commands/case.js';
import { writeLedger } from '../../fixtures/writer/ledger-writer.js';
import type { WrittenLedger } from '../../fixtures/writer/ledger-writer.js';
import { snapshotFolder } from '../../hostile/lib/folder-snapshot.js';

const root = mkdtempSync(join(tmpdir(), 'cli-case-'));
const SESSION = 'cli-case-1';
let ledger: WrittenLedger;
let damaged: WrittenLedger;
let sharedEventId: string;

beforeAll(async () => {
  ledger = await writeLedger(join(root, 'a'), { generation: 'A4', seed: 7, sessionId: SESSION });
  damaged = await writeLedger(join(root, 'damaged'), { generation: 'A4', seed: 7, sessionId: SESSION, damage: 'wrong-body-hash' });
  // The fixture gives one event_id to a security rule, its decision and its ask, each in its own table.
  const db = new Database(ledger.dbPath, { readonly: true });
  sharedEventId = db.prepare('SELECT event_id FROM security_rule_events LIMIT 1').pluck().get() as string;
  db.close();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo();
  const code = await run(args, io);
  return { code, out: io.out, err: io.err };
}

describe('capsem-inspect case', () => {
  it('add then list: one line per item, attached, exit 0; --json one object per line', async () => {
    const casePath = join(root, 'one.jsonl');
    const before = snapshotFolder(ledger.sessionDir);
    const forged = damaged.damage!.affected[0]!;
    const add = await cli([
      'add',
      ledger.sessionDir,
      '--case',
      casePath,
      '--event',
      forged.eventId,
      '--table',
      forged.sourceTable,
      '--body',
      forged.direction,
      '--range',
      '0-16',
      '--tag',
      'notable',
      '--note',
      'beacon\u001b[2J here',
    ]);
    expect(add.err).toBe('');
    expect(add.code).toBe(0);
    expect(add.out).toMatch(
      new RegExp(
        `^added notable ${forged.sourceTable} ${forged.eventId} ${forged.direction}\\[0-16\\) to .*one\\.jsonl \\(item [0-9a-f-]{36}\\)\\n$`,
      ),
    );
    const row = ledger.bodies.find((b) => b.key.sourceTable === 'exec_events')!.key;
    expect((await cli(['add', ledger.sessionDir, '--case', casePath, '--event', row.eventId, '--tag', 'my-tag'])).code).toBe(0);

    const list = await cli(['list', ledger.sessionDir, '--case', casePath]);
    expect(list.code).toBe(0);
    expect(list.out.split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^attached  notable  ${forged.sourceTable} +${forged.eventId}  ${forged.direction}\\[0-16\\)  beacon\\\\u001b\\[2J here$`,
        ),
      ),
      expect.stringMatching(new RegExp(`^attached  my-tag   exec_events +${row.eventId}  - +  -$`)),
      '',
    ]);
    expect(list.out).not.toContain('\u001b');
    expect(list.err).toBe('2 items: 2 attached\n');

    const json = await cli(['list', ledger.sessionDir, '--case', casePath, '--json']);
    expect(json.code).toBe(0);
    const objects = json.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(objects.map((o) => [o.status, o.tag, o.table, o.eventId])).toEqual([
      ['attached', 'notable', forged.sourceTable, forged.eventId],
      ['attached', 'my-tag', 'exec_events', row.eventId],
    ]);
    expect(objects[0].body).toEqual({
      sourceTable: forged.sourceTable,
      direction: forged.direction,
      bodyHash: expect.stringMatching(/^blake3:/),
      range: [0, 16],
    });
    expect(objects[0].note).toBe('beacon\u001b[2J here');
    expect(snapshotFolder(ledger.sessionDir)).toEqual(before);

    // The same case on a copy whose index names another hash for that body: changed, exit 1.
    const changed = await cli(['list', damaged.sessionDir, '--case', casePath]);
    expect(changed.code).toBe(1);
    expect(changed.out).toMatch(/^changed:body-hash\+session-db  notable/m);
    expect(changed.out).toMatch(/^changed:session-db +my-tag/m);
    expect(changed.err).toBe('2 items: 2 changed\n');
  });

  it('refuses an event the ledger does not hold, and one several tables hold, leaving the case file as it was', async () => {
    const casePath = join(root, 'refused.jsonl');
    const row = ledger.bodies[0]!.key;
    expect(
      (await cli(['add', ledger.sessionDir, '--case', casePath, '--event', row.eventId, '--table', row.sourceTable, '--tag', 'benign']))
        .code,
    ).toBe(0);
    const before = readFileSync(casePath);
    const none = await cli(['add', ledger.sessionDir, '--case', casePath, '--event', '000000000000', '--tag', 'benign']);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/^capsem-inspect case add: NO_SUCH_EVENT: no table in .* holds a row with event_id 000000000000\n$/);
    const several = await cli(['add', ledger.sessionDir, '--case', casePath, '--event', sharedEventId, '--tag', 'benign']);
    expect(several.code).toBe(2);
    expect(several.err).toContain(
      `AMBIGUOUS_EVENT: event_id ${sharedEventId} is held by security_ask_events, security_decision_events, security_rule_events; name one with --table`,
    );
    const noBody = await cli([
      'add',
      ledger.sessionDir,
      '--case',
      casePath,
      '--event',
      row.eventId,
      '--table',
      row.sourceTable,
      '--body',
      'sideways',
      '--tag',
      'benign',
    ]);
    expect(noBody.code).toBe(2);
    expect(noBody.err).toContain('NO_SUCH_BODY');
    const badTag = await cli(['add', ledger.sessionDir, '--case', casePath, '--event', row.eventId, '--tag', 'Bad Tag']);
    expect([badTag.code, badTag.err]).toEqual([2, expect.stringContaining('BAD_REQUEST: tag "Bad Tag"')]);
    expect(readFileSync(casePath)).toEqual(before);
  });

  it('refuses a case file inside the session folder, named directly or through a link', async () => {
    const before = snapshotFolder(ledger.sessionDir);
    const row = ledger.bodies[0]!.key;
    const inside = await cli([
      'add',
      ledger.sessionDir,
      '--case',
      join(ledger.sessionDir, 'case.jsonl'),
      '--event',
      row.eventId,
      '--tag',
      'notable',
    ]);
    expect(inside.code).toBe(2);
    expect(inside.err).toMatch(/CASE_INSIDE_EVIDENCE: case file .*case\.jsonl lies inside the evidence folder/);
    const link = join(root, 'link-to-session');
    symlinkSync(ledger.sessionDir, link);
    const linked = await cli(['list', ledger.sessionDir, '--case', join(link, 'case.jsonl')]);
    expect(linked.code).toBe(2);
    expect(linked.err).toContain('CASE_INSIDE_EVIDENCE');
    expect(snapshotFolder(ledger.sessionDir)).toEqual(before);
  });

  it('a damaged case file is refused by name and left as it was; a missing one cannot be listed', async () => {
    const casePath = join(root, 'cut.jsonl');
    writeFileSync(
      casePath,
      '{"format":"capsem-inspect-case","version":1,"createdAt":"2026-03-02T14:50:40Z","createdBy":"x"}\n{"id":"a","crea',
    );
    const before = readFileSync(casePath);
    const row = ledger.bodies[0]!.key;
    const add = await cli([
      'add',
      ledger.sessionDir,
      '--case',
      casePath,
      '--event',
      row.eventId,
      '--table',
      row.sourceTable,
      '--tag',
      'notable',
    ]);
    expect([add.code, add.err]).toEqual([2, expect.stringContaining('CASE_DAMAGED: case file')]);
    expect(add.err).toContain('damaged at line 2: the last line is not ended');
    const list = await cli(['list', ledger.sessionDir, '--case', casePath]);
    expect([list.code, list.err]).toEqual([2, expect.stringContaining('CASE_DAMAGED')]);
    expect(readFileSync(casePath)).toEqual(before);
    const missing = await cli(['list', ledger.sessionDir, '--case', join(root, 'absent.jsonl')]);
    expect([missing.code, missing.err]).toEqual([2, expect.stringContaining('NOT_FOUND: case file')]);
  });

  it('usage errors exit 2 with the usage; --help exits 0', async () => {
    const none = await cli([]);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/^capsem-inspect case: a subcommand is required: add, list, export or verify\nusage: capsem-inspect case add/);
    expect((await cli(['remove', ledger.sessionDir])).err).toContain('unknown subcommand remove');
    const noTag = await cli(['add', ledger.sessionDir, '--case', 'c', '--event', 'e']);
    expect([noTag.code, noTag.err]).toEqual([2, expect.stringContaining('--case, --event and --tag are required')]);
    const range = await cli(['add', ledger.sessionDir, '--case', 'c', '--event', 'e', '--tag', 't', '--range', '5-5', '--body', 'request']);
    expect([range.code, range.err]).toEqual([2, expect.stringContaining('--range takes START-END in bytes with START < END, not "5-5"')]);
    const rangeAlone = await cli(['add', ledger.sessionDir, '--case', 'c', '--event', 'e', '--tag', 't', '--range', '0-5']);
    expect(rangeAlone.err).toContain('give --body too');
    const help = await cli(['list', '--help']);
    expect([help.code, help.out]).toEqual([0, expect.stringMatching(/^usage: capsem-inspect case add/)]);
  });
});

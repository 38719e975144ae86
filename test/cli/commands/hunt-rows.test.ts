// capsem-inspect hunt's row indicators (--ip, --path, --credential-ref, --process) and its time bounds over a
// generated folder of three sessions with planted rows, and over a Capsem home whose host ledger dates its sessions.
// The references are independent of the hunt: plain SQL over a copy of each session.db, or the rows planted here.
// Nothing is written into any session folder.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLedger, type WrittenLedger } from '../../fixtures/writer/ledger-writer.js';
import { sampleSessions, T0, writeSampleHome } from '../../fixtures/writer/host/host-sample.js';
import { snapshotFolder } from '../../hostile/lib/folder-snapshot.js';
import type { HuntLine } from './hunt-run.js';
import { hunt, plantRows } from './hunt-run.js';

const DOMAIN = 'exfil-test.example';
const root = mkdtempSync(join(tmpdir(), 'cli-hunt-rows-'));
const evidence = join(root, 'evidence');
const home = join(root, 'capsem');
const sessions: Record<'a' | 'b' | 'c', WrittenLedger> = {} as never;

const answer = (ip: string, at: string, id: string): string =>
  `INSERT INTO dns_events (event_id, timestamp, qname, qtype, qclass, rcode, answer_ip, decision)
   VALUES ('${id}', '${at}', 'planted.example', 1, 1, 0, '${ip}', 'allowed');`;

let before: ReturnType<typeof snapshotFolder>;
let homeBefore: ReturnType<typeof snapshotFolder>;
beforeAll(async () => {
  const base = { generation: 'A4' as const };
  sessions.a = await writeLedger(evidence, { ...base, seed: 11, sessionId: 'hunt-a' });
  sessions.b = await writeLedger(evidence, { ...base, seed: 12, sessionId: 'hunt-b' });
  sessions.c = await writeLedger(evidence, { ...base, seed: 13, sessionId: 'hunt-c' });
  // Addresses, a host and a process the generated sessions never name, on days they never reach (all run on
  // 2026-03-02).
  plantRows(
    sessions.b,
    answer('10.1.2.3', '2026-03-01T10:00:00.000000Z', 'b00000000001') +
      answer('11.0.0.1', '2026-03-01T10:00:01.000000Z', 'b00000000002') +
      answer('2001:db8:1:2::5', '2026-03-05T10:00:00.000000Z', 'b00000000003') +
      `UPDATE net_events SET domain = 'cdn.${DOMAIN}' WHERE id = (SELECT MIN(id) FROM net_events);`,
  );
  plantRows(
    sessions.c,
    answer('2001:db8:1:3::5', '2026-03-05T10:00:00.000000Z', 'c00000000001') +
      `INSERT INTO audit_events (event_id, timestamp, pid, ppid, uid, exe, comm, argv, cwd)
       VALUES ('c00000000002', '2026-03-04T09:00:00.000000Z', 1, 1, 0, '/tmp/x/curl', 'curl', '[]', '/root');`,
  );
  // A Capsem home whose host ledger lists five sessions, dated; two of them are on disk.
  await writeSampleHome(
    home,
    sampleSessions().map((s) => ({ ...s, onDisk: null })),
  );
  await writeLedger(join(home, 'run', 'sessions'), { ...base, seed: 21, sessionId: 's-alpha' });
  await writeLedger(join(home, 'run', 'persistent'), { ...base, seed: 22, sessionId: 's-charlie' });
  before = snapshotFolder(evidence);
  homeBefore = snapshotFolder(home);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Plain SQL over a copy of each session.db, never the evidence file itself. */
function overCopy<T>(l: WrittenLedger, read: (db: Database.Database) => T): T {
  const dir = mkdtempSync(join(root, 'copy-'));
  for (const suffix of ['', '-wal', '-shm'])
    if (existsSync(l.dbPath + suffix)) copyFileSync(l.dbPath + suffix, join(dir, `session.db${suffix}`));
  const db = new Database(join(dir, 'session.db'), { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('capsem-inspect hunt row indicators over a folder of sessions', () => {
  it('--ip finds the answers in an IPv4 /8 or an IPv6 /64 and nothing beside them', async () => {
    const answers = (lines: HuntLine[]): string[] =>
      lines.filter((l) => l.type === 'hit').map((l) => `${String(l.session)} ${String(l.table)}.${String(l.column)} ${String(l.value)}`);
    const v4 = await hunt([evidence, '--ip', '10.0.0.0/8', '--json']);
    expect(v4.code).toBe(0);
    expect(answers(v4.lines)).toEqual(['hunt-b dns_events.answer_ip 10.1.2.3']);
    expect(v4.lines.find((l) => l.type === 'hit')).toMatchObject({
      kind: 'ip',
      indicator: '--ip 10.0.0.0/8',
      eventId: 'b00000000001',
      time: '2026-03-01T10:00:00.000Z',
    });
    const v6 = await hunt([evidence, '--ip', '2001:db8:1:2::/64', '--json']);
    expect(answers(v6.lines)).toEqual(['hunt-b dns_events.answer_ip 2001:db8:1:2::5']);
    expect((await hunt([evidence, '--ip', '12.0.0.0/8'])).code).toBe(1);
    const text = await hunt([evidence, '--ip', '10.0.0.0/8']);
    expect(text.out).toMatch(/^== hunt-b .*\n  b00000000001 dns_events\.answer_ip#\d+  \[--ip 10\.0\.0\.0\/8\]  10\.1\.2\.3\n/m);
  });

  it('--path, --credential-ref and --process find the rows plain SQL finds, per session', async () => {
    const all = { 'hunt-a': sessions.a, 'hunt-b': sessions.b, 'hunt-c': sessions.c };
    const rowsOf = (lines: HuntLine[], id: string): string[] =>
      lines
        .filter((x) => x.type === 'hit' && x.session === id)
        .map((x) => `${String(x.table)}.${String(x.column)}#${String(x.rowid)}`)
        .sort();
    const sql = (db: Database.Database, q: string, place: string, ...params: unknown[]): string[] =>
      (
        db
          .prepare(q)
          .pluck()
          .all(...params) as number[]
      ).map((id) => `${place}#${id}`);
    const paths = await hunt([evidence, '--path', '/workspace/src/*.ts', '--json']);
    expect(paths.code).toBe(0);
    for (const [id, l] of Object.entries(all))
      expect(rowsOf(paths.lines, id)).toEqual(
        overCopy(l, (db) => sql(db, `SELECT id FROM fs_events WHERE path GLOB '/workspace/src/*.ts'`, 'fs_events.path').sort()),
      );
    expect(rowsOf(paths.lines, 'hunt-a').length).toBeGreaterThan(0);
    const tmp = await hunt([evidence, '--path', '/tmp/**', '--json']);
    expect(tmp.lines.filter((l) => l.type === 'hit').map((l) => `${String(l.session)} ${String(l.value)}`)).toEqual(['hunt-c /tmp/x/curl']);

    const ref = overCopy(
      sessions.a,
      (db) => db.prepare('SELECT substitution_ref FROM substitution_events LIMIT 1').pluck().get() as string,
    );
    const creds = await hunt([evidence, '--credential-ref', ref.slice('credential:blake3:'.length), '--json']);
    expect(creds.code).toBe(0);
    for (const [id, l] of Object.entries(all)) {
      const want = overCopy(l, (db) => [
        ...sql(db, 'SELECT id FROM substitution_events WHERE substitution_ref = ?', 'substitution_events.substitution_ref', ref),
        ...[
          'net_events',
          'model_calls',
          'tool_calls',
          'tool_responses',
          'model_items',
          'fs_events',
          'dns_events',
          'audit_events',
          'exec_events',
        ]
          .concat(['security_rule_events', 'security_decision_events'])
          .flatMap((t) => sql(db, `SELECT id FROM ${t} WHERE credential_ref = ?`, `${t}.credential_ref`, ref)),
      ]);
      expect(rowsOf(creds.lines, id)).toEqual(want.sort());
    }
    expect(new Set(creds.lines.filter((l) => l.type === 'hit').map((l) => l.session))).toEqual(new Set(['hunt-a']));

    const curl = await hunt([evidence, '--process', 'curl', '--json']);
    expect(curl.lines.filter((l) => l.type === 'hit').map((l) => `${String(l.session)} ${String(l.table)}.${String(l.column)}`)).toEqual([
      'hunt-c audit_events.exe',
    ]);
    const bash = await hunt([evidence, '--process', 'bash', '--json']);
    for (const [id, l] of Object.entries(all))
      expect(rowsOf(bash.lines, id)).toEqual(
        overCopy(l, (db) => [
          ...sql(db, `SELECT id FROM exec_events WHERE process_name = 'bash'`, 'exec_events.process_name'),
          ...sql(db, `SELECT id FROM audit_events WHERE exe LIKE '%/bash'`, 'audit_events.exe'),
        ]).sort(),
      );
  });

  it("--since and --until bound the row hits by each row's time, both ends inclusive", async () => {
    const hitValues = async (args: string[]): Promise<string[]> =>
      (await hunt([evidence, '--ip', '10.0.0.0/8', '--ip', '2001:db8::/32', ...args, '--json'])).lines
        .filter((l) => l.type === 'hit')
        .map((l) => String(l.value));
    expect(await hitValues([])).toEqual(['10.1.2.3', '2001:db8:1:2::5', '2001:db8:1:3::5']);
    expect(await hitValues(['--since', '2026-03-05'])).toEqual(['2001:db8:1:2::5', '2001:db8:1:3::5']);
    expect(await hitValues(['--until', '2026-03-01T10:00:00Z'])).toEqual(['10.1.2.3']);
    expect(await hitValues(['--since', '2026-03-01T10:00:00.001Z', '--until', '2026-03-04'])).toEqual([]);
    expect(await hitValues(['--since', '2026-03-05T11:00:00+01:00', '--until', '2026-03-05'])).toEqual([
      '2001:db8:1:2::5',
      '2001:db8:1:3::5',
    ]);
    // --domain is a row indicator too; -F is not bounded (its hits carry no row time).
    expect((await hunt([evidence, '--domain', DOMAIN, '--since', '2026-03-03'])).code).toBe(1);
    expect((await hunt([evidence, '--domain', DOMAIN, '--until', '2026-03-03'])).code).toBe(0);
    const text = await hunt([evidence, '--process', 'bash', '--since', '2026-03-03']);
    expect(text.code).toBe(1);
    expect(text.err).toMatch(/hunted 3 sessions: 3 searched, 0 missing, 0 outside --since\/--until, 0 could not be opened; 0 hits/);
  });

  it('refuses bad indicator values and bounds by name, exit 2', async () => {
    const refused = async (args: string[], message: RegExp): Promise<void> => {
      const r = await hunt([evidence, ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err, args.join(' ')).toMatch(message);
    };
    await refused(['--ip', '10.0.0.0/33'], /--ip needs an IPv4 or IPv6 address or CIDR range/);
    await refused(['--ip', 'example.com'], /--ip needs/);
    // The usage under the sentence names every row indicator and the bounds.
    await refused(
      ['--ip', '10.0.0.0/33'],
      /--ip A\[\/N\] .*\n.*--path GLOB[^]*--credential-ref R[^]*--process NAME[^]*--since T, --until T/,
    );
    await refused(['--path', ''], /--path needs a glob/);
    await refused(['--path', `/${'a'.repeat(1100)}`], /BAD_PATTERN: the path glob is 1101 characters long, more than 1024/);
    await refused(['--credential-ref', 'abc'], /--credential-ref needs credential:blake3: and 64 hex digits/);
    await refused(['--process', '/usr/bin/curl'], /--process needs a process name without a slash/);
    await refused(
      ['--ip', '10.0.0.0/8', '--since', '2026-03-02T10:00'],
      /--since needs an ISO-8601 time with a zone .* got 2026-03-02T10:00/,
    );
    await refused(['--ip', '10.0.0.0/8', '--until', 'yesterday'], /--until needs an ISO-8601 time/);
    await refused(['--ip', '10.0.0.0/8', '--since', '2026-03-05', '--until', '2026-03-04'], /--since is later than --until/);
    await refused(['--since', '2026-03-05'], /at least one indicator is required/);
  });

  it('wrote nothing into any session folder', () => {
    expect(snapshotFolder(evidence)).toEqual(before);
  });
});

describe('capsem-inspect hunt time bounds over a Capsem home', () => {
  it('skips the sessions the host ledger shows outside --since/--until, and says so', async () => {
    // s-alpha ran T0 to T0+60s, s-charlie T0+300s to T0+400s; both are on disk.
    const since = new Date(T0 + 250_000).toISOString();
    const r = await hunt([home, '--process', 'bash', '--since', since, '--json']);
    expect(r.lines.filter((l) => l.type === 'outside-window').map((l) => l.session)).toEqual(['s-alpha']);
    expect(r.lines.filter((l) => l.type === 'session').map((l) => l.session)).toEqual(['s-charlie']);
    expect(r.lines.at(-1)).toMatchObject({ type: 'summary', outsideWindow: 1, searched: 1, missing: 3 });
    const text = await hunt([home, '--process', 'bash', '--until', new Date(T0 + 100_000).toISOString()]);
    expect(text.out).toMatch(/^== s-charlie  outside --since\/--until: ran \S+ to \S+$/m);
    expect(text.err).toMatch(/1 outside --since\/--until/);
    expect(snapshotFolder(home)).toEqual(homeBefore);
  });
});

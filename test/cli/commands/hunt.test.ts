// capsem-inspect hunt over a generated folder of sessions (three clean, one with a flipped payload byte) and over a
// Capsem home. The references are independent: grep's own run on each session folder for -F, plain SQL over a copy
// of each session.db for --domain and --body-hash. Nothing is written into any session folder.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run as grepRun } from '../../../src/cli/commands/grep.js';
import { captureIo } from '../../../src/cli/io.js';
import type { ContentBody } from '../../fixtures/writer/content-types.js';
import { writeLedger, type WrittenLedger } from '../../fixtures/writer/ledger-writer.js';
import { sampleSessions, writeSampleHome } from '../../fixtures/writer/host/host-sample.js';
import { snapshotFolder } from '../../hostile/lib/folder-snapshot.js';
import type { HuntLine } from './hunt-run.js';
import { hunt, plantRows } from './hunt-run.js';

const NEEDLE = 'HUNT-Needle-51c0';
const SHARED = Buffer.from('the same bytes in two sessions: HUNT-shared-body-9d2e\n'.repeat(20));
const DOMAIN = 'exfil-test.example';
const root = mkdtempSync(join(tmpdir(), 'cli-hunt-'));
const evidence = join(root, 'evidence');
const home = join(root, 'capsem');
const sessions: Record<'a' | 'b' | 'c' | 'd', WrittenLedger> = {} as never;

/** The needle at the start and the end of every body but msgpack ones (those stay decodable). */
const withNeedle = (b: ContentBody): Uint8Array =>
  b.contentType?.includes('msgpack') ? b.bytes : Buffer.concat([Buffer.from(NEEDLE), b.bytes, Buffer.from(NEEDLE)]);
const withShared = (plant?: (b: ContentBody) => Uint8Array) => (b: ContentBody, i: number) =>
  i === 0 ? SHARED : plant ? plant(b) : b.bytes;

let before: ReturnType<typeof snapshotFolder>;
let homeBefore: ReturnType<typeof snapshotFolder>;
beforeAll(async () => {
  const base = { generation: 'A4' as const };
  sessions.a = await writeLedger(evidence, { ...base, seed: 11, sessionId: 'hunt-a', plant: withShared(withNeedle) });
  sessions.b = await writeLedger(evidence, { ...base, seed: 12, sessionId: 'hunt-b' });
  sessions.c = await writeLedger(evidence, { ...base, seed: 13, sessionId: 'hunt-c', plant: withShared() });
  sessions.d = await writeLedger(evidence, { ...base, seed: 14, sessionId: 'hunt-d', plant: withNeedle, damage: 'flip-payload-byte' });
  plantRows(sessions.b, `UPDATE net_events SET domain = 'cdn.${DOMAIN}' WHERE id = (SELECT MIN(id) FROM net_events)`);
  plantRows(
    sessions.c,
    `INSERT INTO dns_events (event_id, timestamp, qname, qtype, qclass, rcode, decision) VALUES ('0123456789ab', '2026-03-02T14:50:40.000000Z', 'EXFIL-Test.example.', 1, 1, 0, 'allowed')`,
  );
  // A Capsem home whose host ledger lists five sessions; two of them are on disk.
  await writeSampleHome(
    home,
    sampleSessions().map((s) => ({ ...s, onDisk: null })),
  );
  await writeLedger(join(home, 'run', 'sessions'), { ...base, seed: 21, sessionId: 's-alpha', plant: withNeedle });
  await writeLedger(join(home, 'run', 'persistent'), { ...base, seed: 22, sessionId: 's-charlie' });
  before = snapshotFolder(evidence);
  homeBefore = snapshotFolder(home);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A match's place, the same for grep's records and hunt's. */
function place(m: HuntLine, table: unknown): string {
  return m.in === 'body'
    ? `body ${String(m.eventId)} ${String(table)}/${String(m.direction)} @${String(m.offset)}`
    : `column ${String(m.eventId)} ${String(table)}.${String(m.column)}#${String(m.rowid)} @${String(m.offset)}`;
}

async function grepPlaces(dir: string, args: string[]): Promise<{ places: string[]; damaged: string[] }> {
  const io = captureIo();
  await grepRun([...args, dir, '--json'], io);
  const lines = io.out
    .trimEnd()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as HuntLine);
  return {
    places: lines
      .filter((m) => m.type === 'match')
      .map((m) => place(m, m.in === 'body' ? m.sourceTable : m.table))
      .sort(),
    damaged: lines
      .filter((m) => m.type === 'damaged')
      .map((m) => `${String(m.eventId)} ${String(m.sourceTable)}/${String(m.direction)}`)
      .sort(),
  };
}

const hitsOf = (lines: HuntLine[], session: string): string[] =>
  lines
    .filter((l) => l.type === 'hit' && l.session === session)
    .map((m) => place(m, m.table))
    .sort();
const damagedOf = (lines: HuntLine[], session: string): string[] =>
  lines
    .filter((l) => l.type === 'damaged' && l.session === session)
    .map((m) => `${String(m.eventId)} ${String(m.table)}/${String(m.direction)}`)
    .sort();

interface HostRow {
  readonly event_id: string;
  readonly id: number;
  readonly host: string;
}

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

describe('capsem-inspect hunt over a folder of sessions', () => {
  it('-F gives per session exactly the hits grep -F gives, and a damaged body as damaged, never a hit', async () => {
    const r = await hunt([evidence, '-F', NEEDLE, '--json']);
    expect(r.code).toBe(0);
    expect(r.lines.filter((l) => l.type === 'session').map((l) => l.session)).toEqual(['hunt-a', 'hunt-b', 'hunt-c', 'hunt-d']);
    for (const [id, l] of Object.entries({ 'hunt-a': sessions.a, 'hunt-b': sessions.b, 'hunt-c': sessions.c, 'hunt-d': sessions.d })) {
      const reference = await grepPlaces(l.sessionDir, ['-F', NEEDLE]);
      expect(hitsOf(r.lines, id)).toEqual(reference.places);
      expect(damagedOf(r.lines, id)).toEqual(reference.damaged);
    }
    expect(hitsOf(r.lines, 'hunt-a').length).toBeGreaterThan(10);
    expect(hitsOf(r.lines, 'hunt-b')).toEqual([]);
    // The flipped byte lies in bodies that hold the needle: they are damaged findings, and no hit points into them.
    const affected = sessions.d.damage!.affected.map((k) => `${k.eventId} ${k.sourceTable}/${k.direction}`).sort();
    expect(damagedOf(r.lines, 'hunt-d')).toEqual(affected);
    const needled = sessions.d.bodies
      .filter((b) => Buffer.from(b.bytes).includes(NEEDLE))
      .map((b) => `${b.key.eventId} ${b.key.sourceTable}/${b.key.direction}`);
    expect(affected.some((k) => needled.includes(k))).toBe(true);
    for (const h of hitsOf(r.lines, 'hunt-d')) expect(affected.some((k) => h.startsWith(`body ${k} `))).toBe(false);
    const summary = r.lines.at(-1)!;
    expect(summary).toMatchObject({ type: 'summary', sessions: 4, searched: 4, sessionsWithHits: 2, damaged: affected.length });
  });

  it('--domain finds the rows naming the host or a name under it, as plain SQL over each copy does', async () => {
    const r = await hunt([evidence, '--domain', DOMAIN, '--json']);
    expect(r.code).toBe(0);
    for (const [id, l] of Object.entries({ 'hunt-a': sessions.a, 'hunt-b': sessions.b, 'hunt-c': sessions.c, 'hunt-d': sessions.d })) {
      const want = overCopy(l, (db) =>
        [
          ...(db.prepare('SELECT event_id, id, domain AS host FROM net_events').all() as HostRow[]).map((x) => ({
            ...x,
            t: 'net_events.domain',
          })),
          ...(db.prepare('SELECT event_id, id, qname AS host FROM dns_events').all() as HostRow[]).map((x) => ({
            ...x,
            t: 'dns_events.qname',
          })),
        ]
          .filter((x) => {
            const host = x.host.toLowerCase().replace(/\.+$/, '');
            return host === DOMAIN || host.endsWith(`.${DOMAIN}`);
          })
          .map((x) => `${x.event_id} ${x.t}#${x.id}`)
          .sort(),
      );
      const got = r.lines
        .filter((x) => x.type === 'hit' && x.session === id)
        .map((x) => `${String(x.eventId)} ${String(x.table)}.${String(x.column)}#${String(x.rowid)}`)
        .sort();
      expect(got).toEqual(want);
    }
    expect(new Set(r.lines.filter((x) => x.type === 'hit').map((x) => x.session))).toEqual(new Set(['hunt-b', 'hunt-c']));
  });

  it('--body-hash finds every session holding the same bytes, with or without the blake3: prefix', async () => {
    const hash = sessions.a.bodies.find((b) => Buffer.from(b.bytes).equals(SHARED))!.row.bodyHash;
    for (const given of [hash, hash.slice('blake3:'.length).toUpperCase()]) {
      const r = await hunt([evidence, '--body-hash', given, '--json']);
      expect(r.code).toBe(0);
      for (const [id, l] of Object.entries({ 'hunt-a': sessions.a, 'hunt-b': sessions.b, 'hunt-c': sessions.c, 'hunt-d': sessions.d })) {
        const want = overCopy(l, (db) =>
          (
            db.prepare('SELECT event_id, source_table, direction FROM event_body_blobs WHERE body_hash = ?').all(hash) as Record<
              string,
              string
            >[]
          )
            .map((x) => `${x.event_id} ${x.source_table}/${x.direction}`)
            .sort(),
        );
        const got = r.lines
          .filter((x) => x.type === 'hit' && x.session === id)
          .map((x) => `${String(x.eventId)} ${String(x.table)}/${String(x.direction)}`)
          .sort();
        expect(got).toEqual(want);
      }
      expect(new Set(r.lines.filter((x) => x.type === 'hit').map((x) => x.session))).toEqual(new Set(['hunt-a', 'hunt-c']));
    }
  });

  it('prints hits grouped under their session, terminal-safe, and --max stops after N hits', async () => {
    const r = await hunt([evidence, '-F', NEEDLE, '--domain', DOMAIN]);
    expect(r.code).toBe(0);
    const headers = r.out.split('\n').filter((l) => l.startsWith('== '));
    expect(headers.map((h) => h.split(/\s+/)[1])).toEqual(['hunt-a', 'hunt-b', 'hunt-c', 'hunt-d']);
    expect(r.out).toMatch(new RegExp(`^  [0-9a-f]{12} net_events/request \\d+  \\[-F ${NEEDLE}\\]  .*${NEEDLE}`, 'm'));
    expect(r.out).toMatch(/DAMAGED: failed verification, not searched/);
    expect(r.out).not.toMatch(/\u001b\[/);
    expect(r.err).toMatch(/hunted 4 sessions: 4 searched, 0 missing, 0 could not be opened/);
    const capped = await hunt([evidence, '-F', NEEDLE, '--max', '3', '--json']);
    expect(capped.code).toBe(0);
    expect(capped.lines.filter((l) => l.type === 'hit')).toHaveLength(3);
    expect(capped.lines.at(-1)).toMatchObject({ type: 'summary', hits: 3, stopped: true });
  });

  it('exits 1 when nothing matched, 2 on usage errors and when no session opens, not when one of several fails', async () => {
    expect((await hunt([evidence, '-F', 'no-such-string-anywhere-31337'])).code).toBe(1);
    expect((await hunt([evidence])).code).toBe(2);
    expect((await hunt(['-F', NEEDLE])).code).toBe(2);
    expect((await hunt([evidence, '--body-hash', 'abc'])).code).toBe(2);
    expect((await hunt([evidence, '-E', '(a)\\1'])).err).toMatch(/BAD_PATTERN/);
    expect((await hunt([join(root, 'nowhere'), '-F', NEEDLE])).code).toBe(2);
    const broken = join(root, 'broken');
    mkdirSync(join(broken, 'bad'), { recursive: true });
    writeFileSync(join(broken, 'bad', 'session.db'), 'this is not a database, only text long enough to be read as one');
    const none = await hunt([broken, '-F', NEEDLE]);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/cannot open session bad/);
    // One good session beside the broken one: the broken one is reported and skipped.
    await writeLedger(broken, { generation: 'A4', seed: 31, sessionId: 'good', plant: withNeedle });
    const some = await hunt([broken, '-F', NEEDLE, '--json']);
    expect(some.code).toBe(0);
    expect(some.lines.find((l) => l.session === 'bad')).toMatchObject({ type: 'session', opened: false });
  });

  it('wrote nothing into any session folder', () => {
    expect(snapshotFolder(evidence)).toEqual(before);
  });
});

describe('capsem-inspect hunt over a Capsem home', () => {
  it('verifies the host chain, hunts the sessions on disk and lists the others as missing', async () => {
    const r = await hunt([home, '-F', NEEDLE, '--json']);
    expect(r.code).toBe(0);
    expect(
      r.lines
        .filter((l) => l.type === 'missing')
        .map((l) => l.session)
        .sort(),
    ).toEqual(['s-bravo', 's-delta', 's-echo']);
    expect(
      r.lines
        .filter((l) => l.type === 'session')
        .map((l) => l.session)
        .sort(),
    ).toEqual(['s-alpha', 's-charlie']);
    expect(new Set(r.lines.filter((l) => l.type === 'hit').map((l) => l.session))).toEqual(new Set(['s-alpha']));
    const reference = await grepPlaces(join(home, 'run', 'sessions', 's-alpha'), ['-F', NEEDLE]);
    expect(hitsOf(r.lines, 's-alpha')).toEqual(reference.places);
    expect(r.lines.at(-1)).toMatchObject({ type: 'summary', missing: 3, searched: 2, chain: { intact: true } });
    const text = await hunt([join(home, 'sessions', 'host.db'), '-F', NEEDLE]);
    expect(text.out).toMatch(/^Host ledger: .*host\.db\nChain: All \d+ events chain from genesis/);
    expect(text.out).toMatch(/^== s-bravo  missing: its ledger folder is gone/m);
    expect(snapshotFolder(home)).toEqual(homeBefore);
  });
});

// The spool answers `first row by id WHERE event_id = ?` exactly as the per-row query on the ledger would, for every
// key affinity and mixed storage classes; shapes it cannot mirror (COLLATE, views, STRICT ANY) keep the per-row
// query; the spool folder is made outside the avoided folders and removed by close().
import { afterEach, describe, expect, test } from 'vitest';
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SourceTargetResolver } from '../../../../src/main/core/warc/source-target.js';
import { affinityOfDeclaredType, spoolKeyAffinity } from '../../../../src/main/core/warc/key-affinity.js';
import { liveSpoolDirs, SPOOL_PREFIX, TargetSpool } from '../../../../src/main/core/warc/target-spool.js';
import { indexRow } from './fake-evidence.js';

let db: Database.Database | null = null;
let resolver: SourceTargetResolver | null = null;
const roots: string[] = [];
afterEach(() => {
  resolver?.close();
  resolver = null;
  db?.close();
  db = null;
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** Keys of every storage class that the affinities treat differently, inserted in scrambled id order. */
const KEYS: ReadonlyArray<[number, unknown]> = [
  [50, '12'],
  [7, 12n],
  [31, 12.0],
  [3, 12.5],
  [44, '12.5'],
  [9, 'abc'],
  [2, 'ABC'],
  [60, Buffer.from('abc')],
  [15, ' abc'],
  [16, 'abc '],
  [1, null],
  [40, '0012'],
  [41, 'abc'],
  [5, '12'],
  [70, 'f00000000001'],
  [8, 'f00000000001'],
];
const PROBES = ['12', '12.0', '12.5', '0012', 'abc', 'ABC', ' abc', 'abc ', 'f00000000001', '', 'zz'];

function netEvents(ddl: string): Database.Database {
  const d = new Database(':memory:');
  d.exec(ddl);
  const insert = d.prepare("INSERT INTO net_events (id, event_id, timestamp, domain, path) VALUES (?, ?, '2026-03-02T14:50:40Z', ?, '/p')");
  for (const [id, key] of KEYS) insert.run(id, key, `row${id}.example`);
  return d;
}

/** The answer of the per-row query the export used before the spool. */
function direct(d: Database.Database, eventId: string): string {
  const row = d.prepare('SELECT domain, path FROM net_events WHERE event_id = ? ORDER BY id LIMIT 1').get(eventId) as
    | { domain: string; path: string }
    | undefined;
  return row ? `https://${row.domain}${row.path}` : 'missing-source-row';
}

function viaResolver(r: SourceTargetResolver, eventId: string): string {
  const result = r.resolve(indexRow({ eventId, sourceTable: 'net_events', direction: 'request' }));
  return result.ok ? result.uri : result.reason;
}

describe('the spool answers as the per-row query does', () => {
  const spooled = ['TEXT', 'INTEGER', '', 'NUMERIC', 'REAL', 'VARCHAR(12)', 'BLOB', 'ANY'];
  test.each(spooled)('event_id declared %j: every probe gets the same first row, through the spool', (declared) => {
    db = netEvents(`CREATE TABLE net_events (id INTEGER PRIMARY KEY, event_id ${declared}, timestamp TEXT, domain TEXT, path TEXT)`);
    const before = liveSpoolDirs().length;
    resolver = new SourceTargetResolver(db);
    const got = PROBES.map((p) => viaResolver(resolver!, p));
    expect(got).toEqual(PROBES.map((p) => direct(db!, p)));
    expect(liveSpoolDirs().length).toBe(before + 1);
    // Not vacuous: most probes find a row, and the earliest id wins over insertion order.
    expect(got.filter((u) => u !== 'missing-source-row').length).toBeGreaterThan(3);
  });

  test.each([
    [
      'COLLATE NOCASE',
      'CREATE TABLE net_events (id INTEGER PRIMARY KEY, event_id TEXT COLLATE NOCASE, timestamp TEXT, domain TEXT, path TEXT)',
    ],
    ['STRICT ANY', 'CREATE TABLE net_events (id INTEGER PRIMARY KEY, event_id ANY, timestamp TEXT, domain TEXT, path TEXT) STRICT'],
  ])('%s keeps the per-row query (no spool) and its answers', (_label, ddl) => {
    db = netEvents(ddl);
    const before = liveSpoolDirs().length;
    resolver = new SourceTargetResolver(db);
    expect(PROBES.map((p) => viaResolver(resolver!, p))).toEqual(PROBES.map((p) => direct(db!, p)));
    expect(liveSpoolDirs().length).toBe(before);
  });

  test('a view named like a source table keeps the per-row query', () => {
    db = netEvents('CREATE TABLE net_events (id INTEGER PRIMARY KEY, event_id TEXT, timestamp TEXT, domain TEXT, path TEXT)');
    db.exec(
      'ALTER TABLE net_events RENAME TO raw; CREATE VIEW net_events AS SELECT id, upper(event_id) AS event_id, timestamp, domain, path FROM raw',
    );
    resolver = new SourceTargetResolver(db);
    expect(spoolKeyAffinity(db, 'net_events')).toBeNull();
    expect(PROBES.map((p) => viaResolver(resolver!, p))).toEqual(PROBES.map((p) => direct(db!, p)));
    expect(viaResolver(resolver, 'ABC')).toBe('https://row2.example/p');
  });

  test('security_decision_events: the event actor, else its run actor, from the first event row by id', () => {
    db = new Database(':memory:');
    db.exec('CREATE TABLE security_decision_runs (id INTEGER PRIMARY KEY, actor TEXT)');
    db.exec(
      'CREATE TABLE security_decision_events (id INTEGER PRIMARY KEY, event_id TEXT, timestamp_unix_ms INTEGER, actor TEXT, run_id INTEGER)',
    );
    db.exec("INSERT INTO security_decision_runs VALUES (1, 'run-actor')");
    db.exec(
      "INSERT INTO security_decision_events VALUES (9, 'aaaaaaaaaaaa', 1000, 'late', 1), (4, 'aaaaaaaaaaaa', 2000, NULL, 1), (5, 'bbbbbbbbbbbb', 3000, 'own', 1)",
    );
    resolver = new SourceTargetResolver(db);
    const at = (eventId: string) => resolver!.resolve(indexRow({ eventId, sourceTable: 'security_decision_events', direction: 'payload' }));
    expect(at('aaaaaaaaaaaa')).toEqual({ ok: true, uri: 'capsem://security-decision/run-actor', date: '1970-01-01T00:00:02Z' });
    expect(at('bbbbbbbbbbbb')).toEqual({ ok: true, uri: 'capsem://security-decision/own', date: '1970-01-01T00:00:03Z' });
  });

  test('declared types map to SQLite affinities', () => {
    expect(
      ['INT', 'BIGINT', 'TEXT', 'VARCHAR(12)', 'CLOB', 'BLOB', '', 'REAL', 'DOUBLE', 'FLOAT', 'NUMERIC', 'ANY', 'DATE'].map(
        affinityOfDeclaredType,
      ),
    ).toEqual(['INTEGER', 'INTEGER', 'TEXT', 'TEXT', 'TEXT', 'BLOB', 'BLOB', 'REAL', 'REAL', 'REAL', 'NUMERIC', 'NUMERIC', 'NUMERIC']);
  });
});

describe('the spool folder', () => {
  test('is made under the given root, only when first needed, and close() removes it', () => {
    const root = mkdtempSync(join(tmpdir(), 'spool-root-'));
    roots.push(root);
    const spool = new TargetSpool({ root });
    expect(liveSpoolDirs().filter((d) => d.startsWith(root))).toEqual([]);
    const lookup = spool.fill('TEXT', [
      { k: 'a', part1: 'first' },
      { k: 'a', part1: 'second' },
      { k: null, part1: 'never' },
    ]);
    expect(lookup('a')).toEqual({ part1: 'first', part2: null, time: null });
    const [dir] = liveSpoolDirs().filter((d) => d.startsWith(root));
    expect(dirname(dir!)).toBe(root);
    expect(dir!.slice(root.length + 1).startsWith(SPOOL_PREFIX)).toBe(true);
    expect(readdirSync(dir!)).toEqual(['targets.db']); // no rollback journal beside it
    spool.close();
    spool.close();
    expect(existsSync(dir!)).toBe(false);
    expect(liveSpoolDirs()).not.toContain(dir);
  });

  test('is refused inside a folder to avoid (the evidence folder)', () => {
    const evidence = mkdtempSync(join(tmpdir(), 'spool-evidence-'));
    roots.push(evidence);
    mkdirSync(join(evidence, 'inner'));
    const spool = new TargetSpool({ root: join(evidence, 'inner'), avoid: [evidence] });
    expect(() => spool.fill('TEXT', [])).toThrow(/lies inside/);
    spool.close();
  });
});

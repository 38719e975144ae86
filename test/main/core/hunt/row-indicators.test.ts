// The row indicators over one generated session with planted rows: each finds exactly the rows plain SQL (or the
// planted list) says it should, names the column that matched, and carries the row's own time. The references are
// independent of row-scan.ts: SQL over a second connection, or the values planted here.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import { credentialRows } from '../../../../src/main/core/hunt/credential-rows.js';
import { parseIpRange } from '../../../../src/main/core/hunt/ip-address.js';
import { ipRows } from '../../../../src/main/core/hunt/ip-rows.js';
import { pathRows } from '../../../../src/main/core/hunt/path-rows.js';
import { processRows } from '../../../../src/main/core/hunt/process-rows.js';
import type { RowHit } from '../../../../src/main/core/hunt/row-scan.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';

const root = mkdtempSync(join(tmpdir(), 'hunt-row-indicators-'));
let ev: Evidence;
let reference: Database.Database;

/** Planted answers: [answer_ip, timestamp]. */
const ANSWERS: readonly (readonly [string, string])[] = [
  ['10.1.2.3', '2026-03-02T10:00:00.000000Z'],
  ['11.0.0.1', '2026-03-02T10:00:01.000000Z'],
  ['2001:db8:1:2::5', '2026-03-02T10:00:02.000000Z'],
  ['2001:db8:1:3::5', '2026-03-02T10:00:03.000000Z'],
  ['::ffff:10.9.9.9', '2026-03-02T10:00:04.000000Z'],
  ['192.168.0.1, 10.200.0.1', '2026-03-02T10:00:05.000000Z'],
  ['not-an-address', '2026-03-02T10:00:06.000000Z'],
];

beforeAll(async () => {
  const ledger = await writeLedger(root, { generation: 'A4', seed: 31 });
  const db = new Database(ledger.dbPath);
  const insert = db.prepare(
    `INSERT INTO dns_events (event_id, timestamp, qname, qtype, qclass, rcode, answer_ip, decision)
     VALUES (?, ?, 'planted.example', 1, 1, 0, ?, 'allowed')`,
  );
  ANSWERS.forEach(([ip, at], i) => insert.run(`dddddddddd${String(i).padStart(2, '0')}`, at, ip));
  db.prepare(
    `INSERT INTO audit_events (event_id, timestamp, pid, ppid, uid, exe, comm, argv, cwd)
     VALUES ('aaaaaaaaaa01', '2026-03-02T11:00:00.000000Z', 1, 1, 0, '/tmp/x/curl', 'curl', '[]', '/home/agent/.ssh')`,
  ).run();
  db.close();
  const opened = await openEvidence([ledger.sessionDir], { hashArchive: false });
  if (!opened.ok) throw new Error(opened.error.message);
  ev = opened.value;
  reference = new Database(ledger.dbPath, { readonly: true });
}, 60_000);
afterAll(() => {
  ev?.close();
  reference?.close();
  rmSync(root, { recursive: true, force: true });
});

function collect(run: (visit: (h: RowHit) => boolean) => void): RowHit[] {
  const hits: RowHit[] = [];
  run((h) => {
    hits.push(h);
    return true;
  });
  return hits;
}

const ipHits = (range: string): string[] =>
  collect((v) => ipRows(ev.db, ev.tables, parseIpRange(range)!, v)).map((h) => `${h.table}.${h.column} ${h.value}`);
const where = (hits: RowHit[]): string[] => hits.map((h) => `${h.table}.${h.column}#${h.rowid}`).sort();
const sqlPlaces = (sql: string, table: string, column: string): string[] =>
  (reference.prepare(sql).pluck().all() as number[]).map((id) => `${table}.${column}#${id}`);

describe('ipRows', () => {
  it('finds an IPv4 /8 (mapped and listed addresses included) and not the next /8', () => {
    expect(ipHits('10.0.0.0/8')).toEqual([
      'dns_events.answer_ip 10.1.2.3',
      'dns_events.answer_ip ::ffff:10.9.9.9',
      'dns_events.answer_ip 192.168.0.1, 10.200.0.1',
    ]);
    expect(ipHits('11.0.0.1')).toEqual(['dns_events.answer_ip 11.0.0.1']);
  });

  it('finds an IPv6 /64 and not its neighbour', () => {
    expect(ipHits('2001:db8:1:2::/64')).toEqual(['dns_events.answer_ip 2001:db8:1:2::5']);
  });

  it('finds the generated answers exactly where SQL does, with each row time', () => {
    const hits = collect((v) => ipRows(ev.db, ev.tables, parseIpRange('104.18.0.0/16')!, v));
    expect(hits.length).toBeGreaterThan(0);
    expect(where(hits)).toEqual(
      sqlPlaces(`SELECT rowid FROM dns_events WHERE answer_ip LIKE '104.18.%'`, 'dns_events', 'answer_ip').sort(),
    );
    const first = hits[0]!;
    const row = reference.prepare('SELECT event_id, timestamp FROM dns_events WHERE rowid = ?').get(first.rowid) as {
      event_id: string;
      timestamp: string;
    };
    expect(first.eventId).toBe(row.event_id);
    expect(first.timeMs).toBe(Date.parse(row.timestamp));
  });
});

describe('pathRows', () => {
  it('finds fs_events paths as SQL does', () => {
    const hits = collect((v) => pathRows(ev.db, ev.tables, '/workspace/src/*.ts', v));
    expect(hits.length).toBeGreaterThan(0);
    expect(where(hits)).toEqual(sqlPlaces(`SELECT rowid FROM fs_events WHERE path GLOB '/workspace/src/*.ts'`, 'fs_events', 'path').sort());
  });

  it('finds an audit row by its exe first, then by its cwd, once per row', () => {
    const byExe = collect((v) => pathRows(ev.db, ev.tables, '/tmp/**', v));
    expect(byExe.map((h) => `${h.table}.${h.column} ${h.value}`)).toEqual(['audit_events.exe /tmp/x/curl']);
    const byCwd = collect((v) => pathRows(ev.db, ev.tables, '**/.ssh', v));
    expect(byCwd.map((h) => `${h.table}.${h.column} ${h.value}`)).toEqual(['audit_events.cwd /home/agent/.ssh']);
  });

  it('never matches the empty path of an overflow row', () => {
    expect(collect((v) => pathRows(ev.db, ev.tables, '**', v)).some((h) => h.value === '')).toBe(false);
  });
});

describe('credentialRows', () => {
  it('finds every row naming the credential, substitution first, as SQL does', () => {
    const ref = reference
      .prepare(`SELECT substitution_ref FROM substitution_events WHERE substitution_ref IS NOT NULL LIMIT 1`)
      .pluck()
      .get() as string;
    const hits = collect((v) => credentialRows(ev.db, ev.tables, ref, v));
    const expected = [
      ...sqlPlaces(`SELECT rowid FROM substitution_events WHERE substitution_ref = '${ref}'`, 'substitution_events', 'substitution_ref'),
      ...[
        'net_events',
        'model_calls',
        'tool_calls',
        'tool_responses',
        'model_items',
        'exec_events',
        'audit_events',
        'fs_events',
        'dns_events',
      ]
        .concat(['security_rule_events', 'security_decision_events'])
        .flatMap((t) => sqlPlaces(`SELECT rowid FROM ${t} WHERE credential_ref = '${ref}'`, t, 'credential_ref')),
    ];
    expect(hits[0]!.table).toBe('substitution_events');
    expect(where(hits)).toEqual(expected.sort());
    expect(hits.some((h) => h.table === 'net_events' || h.table === 'model_calls')).toBe(true);
    expect(collect((v) => credentialRows(ev.db, ev.tables, `credential:blake3:${'0'.repeat(64)}`, v))).toEqual([]);
  });
});

describe('processRows', () => {
  it('finds exec rows by process_name and audit rows by exe basename, whole names only', () => {
    const hits = collect((v) => processRows(ev.db, ev.tables, 'bash', v));
    const expected = [
      ...sqlPlaces(`SELECT rowid FROM exec_events WHERE process_name = 'bash'`, 'exec_events', 'process_name'),
      ...sqlPlaces(`SELECT rowid FROM audit_events WHERE exe = '/bin/bash'`, 'audit_events', 'exe'),
    ];
    expect(expected.length).toBeGreaterThan(1);
    expect(where(hits)).toEqual(expected.sort());
    expect(collect((v) => processRows(ev.db, ev.tables, 'curl', v)).map((h) => `${h.table}.${h.column} ${h.value}`)).toEqual([
      'audit_events.exe /tmp/x/curl',
    ]);
    expect(collect((v) => processRows(ev.db, ev.tables, 'bas', v))).toEqual([]);
  });
});

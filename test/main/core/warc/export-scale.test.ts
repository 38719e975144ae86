// The export at scale: a generated ledger with more than 50,000 source rows and no index on event_id exports every
// body with the target of its first source row by id (the lookups go through the spool, not a scan per row), and
// prints how long it took. Duplicated event ids, rows inserted out of id order, missing source rows and the
// decision run's actor are all in the data.
import { afterEach, describe, expect, test } from 'vitest';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BodyIndexRow } from '../../../../src/shared/ledger-types.js';
import type { BodySource } from '../../../../src/main/core/warc/body-source.js';
import { exportWarc } from '../../../../src/main/core/warc/export-job.js';
import { liveSpoolDirs } from '../../../../src/main/core/warc/target-spool.js';
import { fakeLedger, indexRow, type FakeLedger } from './fake-evidence.js';
import { readWarc } from './read-warc.js';

let ledger: FakeLedger | null = null;
afterEach(() => {
  ledger?.db.close();
  if (ledger) rmSync(ledger.root, { recursive: true, force: true });
  ledger = null;
});

/** Deterministic xorshift, so a failure can be replayed. */
function prng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

interface Expected {
  readonly row: BodyIndexRow;
  /** null: no source row, the body is skipped as missing-source-row. */
  readonly target: { readonly uri: string; readonly date: string } | null;
}

const hex = (prefix: string, n: number): string => `${prefix}${n.toString(16).padStart(11, '0')}`;
const textTime = (n: number): string =>
  `2026-03-02T${String(10 + (n % 12)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}:${String((n * 7) % 60).padStart(2, '0')}.123456Z`;
const warcOfText = (t: string): string => `${t.slice(0, 19)}Z`;
const MS0 = 1772463040000;
const warcOfMs = (ms: number): string => `${new Date(ms).toISOString().slice(0, 19)}Z`;

/**
 * Fills the source tables (rows inserted in shuffled order with explicit ids, so insertion order is not id order;
 * every 7th event also has a later-id row that must lose) and returns the index rows with the expected targets.
 */
function generate(l: FakeLedger, perTable: number): { expected: Expected[]; sourceRows: number } {
  const random = prng(42);
  type Row = { table: string; id: number; values: unknown[] };
  const rows: Row[] = [];
  const expected: Expected[] = [];
  let nextId = 1;
  const tables: Array<{
    table: string;
    prefix: string;
    direction: string;
    make: (n: number, loser: boolean) => { values: unknown[]; target: Expected['target'] };
  }> = [
    {
      table: 'net_events',
      prefix: '1',
      direction: 'request',
      make: (n, loser) => ({
        values: [textTime(n), loser ? 'loser.example' : `h${n}.example`, `/p/${n}`],
        target: { uri: `https://h${n}.example/p/${n}`, date: warcOfText(textTime(n)) },
      }),
    },
    {
      table: 'tool_calls',
      prefix: '2',
      direction: 'request',
      make: (n, loser) => ({
        values: [textTime(n), loser ? 'loser' : `tool_${n}`],
        target: { uri: `capsem://tool/tool_${n}`, date: warcOfText(textTime(n)) },
      }),
    },
    {
      table: 'exec_events',
      prefix: '3',
      direction: 'stdout',
      make: (n, loser) => ({
        values: [textTime(n), loser ? -1 : n * 3],
        target: { uri: `capsem://exec/${n * 3}`, date: warcOfText(textTime(n)) },
      }),
    },
    {
      table: 'security_rule_events',
      prefix: '4',
      direction: 'payload',
      make: (n, loser) => ({
        values: [MS0 + n * 1000, loser ? 'loser' : `rule-${n}`],
        target: { uri: `capsem://security/rule-${n}`, date: warcOfMs(MS0 + n * 1000) },
      }),
    },
    // Even events carry no actor of their own: the run's actor names them.
    {
      table: 'security_decision_events',
      prefix: '5',
      direction: 'payload',
      make: (n, loser) => ({
        values: [MS0 + n, loser ? 'loser' : n % 2 === 0 ? null : `actor-${n}`, 1],
        target: { uri: `capsem://security-decision/${n % 2 === 0 ? 'run-actor' : `actor-${n}`}`, date: warcOfMs(MS0 + n) },
      }),
    },
    {
      table: 'tool_responses',
      prefix: '6',
      direction: 'response',
      make: (n, loser) => ({
        values: [loser ? 'loser' : `call-${n}`],
        target: { uri: `capsem://tool-response/call-${n}`, date: warcOfText(textTime(n)) },
      }),
    },
  ];
  const insertSql: Record<string, string> = {
    net_events: 'INSERT INTO net_events (id, event_id, timestamp, domain, path) VALUES (?, ?, ?, ?, ?)',
    tool_calls: 'INSERT INTO tool_calls (id, event_id, timestamp, tool_name) VALUES (?, ?, ?, ?)',
    exec_events: 'INSERT INTO exec_events (id, event_id, timestamp, exec_id) VALUES (?, ?, ?, ?)',
    security_rule_events: 'INSERT INTO security_rule_events (id, event_id, timestamp_unix_ms, rule_id) VALUES (?, ?, ?, ?)',
    security_decision_events:
      'INSERT INTO security_decision_events (id, event_id, timestamp_unix_ms, actor, run_id) VALUES (?, ?, ?, ?, ?)',
    tool_responses: 'INSERT INTO tool_responses (id, event_id, call_id) VALUES (?, ?, ?)',
  };
  let losers = 0;
  for (const t of tables) {
    for (let n = 0; n < perTable; n++) {
      const eventId = hex(t.prefix, n);
      const winner = t.make(n, false);
      const id = nextId++;
      rows.push({ table: t.table, id, values: [id, eventId, ...winner.values] });
      if (n % 7 === 0) {
        const loserId = 10_000_000 + losers++;
        rows.push({ table: t.table, id: loserId, values: [loserId, eventId, ...t.make(n, true).values] });
      }
      const createdAt = t.table === 'tool_responses' ? textTime(n) : '2026-03-02T14:50:40Z';
      expected.push({ row: indexRow({ eventId, sourceTable: t.table, direction: t.direction, createdAt }), target: winner.target });
    }
    // Bodies whose event has no source row in this table.
    for (let n = perTable; n < perTable + 50; n++)
      expected.push({ row: indexRow({ eventId: hex(t.prefix, n), sourceTable: t.table, direction: t.direction }), target: null });
  }
  for (let i = rows.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [rows[i], rows[j]] = [rows[j]!, rows[i]!];
  }
  l.db.exec("INSERT INTO security_decision_runs (id, actor) VALUES (1, 'run-actor')");
  const statements = Object.fromEntries(Object.entries(insertSql).map(([table, sql]) => [table, l.db.prepare(sql)]));
  l.db.transaction(() => {
    for (const r of rows) statements[r.table]!.run(...r.values);
  })();
  // Archive order is unrelated to source order: shuffle the index rows too.
  for (let i = expected.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [expected[i], expected[j]] = [expected[j]!, expected[i]!];
  }
  return { expected, sourceRows: rows.length };
}

function memorySource(expected: readonly Expected[]): BodySource {
  const rows = expected.map((e) => ({ ...e.row, bodyLen: 12 }));
  return { rows: () => rows, read: (row) => ({ ok: true, bytes: Buffer.from(`body-${String(row.id).padStart(7, '0')}`) }) };
}

describe('export at scale', () => {
  test('more than 50,000 source rows without an event_id index: every body, first source row by id, in archive order', async () => {
    ledger = fakeLedger();
    const { expected, sourceRows } = generate(ledger, 8_500);
    expect(sourceRows).toBeGreaterThanOrEqual(50_000);
    const spoolsBefore = liveSpoolDirs().length;
    let verifyAt: number | null = null;
    const t0 = performance.now();
    const result = await exportWarc(
      ledger.evidence(),
      {
        destination: join(ledger.outDir, 'scale.warc.gz'),
        onProgress: (p) => void (p.phase === 'verifying' && (verifyAt ??= performance.now())),
      },
      memorySource(expected),
    );
    const ms = performance.now() - t0;
    const writeMs = (verifyAt ?? t0 + ms) - t0;
    console.log(
      `export of ${expected.length} index rows over ${sourceRows} source rows: ${ms.toFixed(0)} ms (write ${writeMs.toFixed(0)} ms, re-read ${(ms - writeMs).toFixed(0)} ms)`,
    );
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    const written = expected.filter((e) => e.target !== null);
    expect(result.value.indexRows).toBe(expected.length);
    expect(result.value.resourceRecords).toBe(written.length);
    expect(result.value.skippedByReason['missing-source-row']).toBe(expected.length - written.length);
    expect(result.value.skipped).toBe(expected.length - written.length);
    expect(liveSpoolDirs().length).toBe(spoolsBefore);

    const records = (await readWarc(result.value.path)).slice(1, -1);
    expect(records.length).toBe(written.length);
    const got = records.map((r) => [r.header('WARC-Record-ID'), r.header('WARC-Target-URI'), r.header('WARC-Date')]);
    const want = written.map((e) => [
      `<urn:capsem:sess-1:${e.row.sourceTable}:${e.row.eventId}:${e.row.direction}>`,
      e.target!.uri,
      e.target!.date,
    ]);
    expect(got).toEqual(want);
    expect(got.some(([, uri]) => uri!.includes('loser'))).toBe(false);
  });
});

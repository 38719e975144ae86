// A minimal stand-in for an opened ledger, for unit tests of the export job that must not depend on the
// evidence opener: a real SQLite file with the source tables, and bodies served from memory.
import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BodyIndexRow } from '../../../../src/shared/ledger-types.js';
import type { BodyReadResult } from '../../../../src/main/core/archive/types.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import type { BodySource } from '../../../../src/main/core/warc/body-source.js';

export const SOURCE_DDL = `
CREATE TABLE net_events (id INTEGER PRIMARY KEY, event_id TEXT, timestamp TEXT, domain TEXT, path TEXT);
CREATE TABLE model_calls (id INTEGER PRIMARY KEY, event_id TEXT, timestamp TEXT, provider TEXT NOT NULL, path TEXT NOT NULL);
CREATE TABLE tool_calls (id INTEGER PRIMARY KEY, event_id TEXT, timestamp TEXT, tool_name TEXT NOT NULL);
CREATE TABLE tool_responses (id INTEGER PRIMARY KEY, event_id TEXT, call_id TEXT NOT NULL);
CREATE TABLE exec_events (id INTEGER PRIMARY KEY, event_id TEXT, timestamp TEXT, exec_id INTEGER NOT NULL);
CREATE TABLE security_rule_events (id INTEGER PRIMARY KEY, event_id TEXT, timestamp_unix_ms INTEGER, rule_id TEXT);
CREATE TABLE security_decision_runs (id INTEGER PRIMARY KEY, actor TEXT);
CREATE TABLE security_decision_events (id INTEGER PRIMARY KEY, event_id TEXT, timestamp_unix_ms INTEGER, actor TEXT, run_id INTEGER);
CREATE TABLE security_ask_events (id INTEGER PRIMARY KEY, event_id TEXT, timestamp_unix_ms INTEGER, ask_id TEXT);
`;

export interface FakeBody {
  readonly row: BodyIndexRow;
  readonly result: BodyReadResult;
}

export interface FakeLedger {
  readonly root: string;
  readonly evidenceDir: string;
  readonly outDir: string;
  readonly db: Database.Database;
  evidence(): Evidence;
  source(bodies: readonly FakeBody[]): BodySource;
}

export function fakeLedger(session = 'sess-1'): FakeLedger {
  const root = mkdtempSync(join(tmpdir(), 'warc-fake-'));
  const evidenceDir = join(root, session);
  const outDir = join(root, 'out');
  mkdirSync(evidenceDir);
  mkdirSync(outDir);
  const db = new Database(join(evidenceDir, 'session.db'));
  db.pragma('synchronous = OFF');
  db.exec(SOURCE_DDL);
  const hashes = { path: join(evidenceDir, 'session.db'), size: 4096, sha256: '0'.repeat(64), blake3: '1'.repeat(64) };
  return {
    root,
    evidenceDir,
    outDir,
    db,
    evidence: () =>
      ({
        id: 'e1',
        sessionId: session,
        displayName: null,
        input: { kind: 'session', dir: evidenceDir, dbPath: join(evidenceDir, 'session.db'), archive: null, givenAs: 'folder' },
        generation: 'A4',
        db,
        hashes: { db: hashes, archive: null },
        archiveState: null,
        archive: { state: 'none' },
        blocks: new Map(),
        tables: new Map(),
        notes: [],
        close: () => db.close(),
      }) as unknown as Evidence,
    source: (bodies) => ({
      rows: () => bodies.map((b) => b.row),
      read: (row) => bodies.find((b) => b.row.id === row.id)!.result,
    }),
  };
}

let nextId = 1;
export function indexRow(fields: Partial<BodyIndexRow> & Pick<BodyIndexRow, 'eventId' | 'sourceTable' | 'direction'>): BodyIndexRow {
  return {
    id: nextId++,
    eventType: null,
    contentType: 'text/plain',
    originalBytes: 0,
    storedBytes: 0,
    truncated: false,
    bodyHash: '',
    blockOffset: 80,
    bodyOffset: 0,
    bodyLen: 0,
    traceId: null,
    turnId: null,
    createdAt: '2026-03-02T14:50:40.691712Z',
    ...fields,
  };
}

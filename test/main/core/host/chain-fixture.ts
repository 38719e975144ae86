// Test helpers: an in-memory host ledger from the fixture writer, verified through the real SQL read path.
import type Database from 'better-sqlite3';
import type { ChainAnchor, ChainReport } from '../../../../src/main/core/host/types.js';
import type { ChainHasher } from '../../../../src/main/core/host/chain-hash.js';
import { readHostEventRows } from '../../../../src/main/core/host/read-host-tables.js';
import { verifyChain } from '../../../../src/main/core/host/verify-chain.js';
import type { HostEventInput } from '../../../fixtures/writer/host/host-writer.js';
import { appendHostEvents, openFixtureDb } from '../../../fixtures/writer/host/host-writer.js';
import { T0 } from '../../../fixtures/writer/host/host-sample.js';

/** A varied log of `n` events (every field kind exercised, NULLs included). */
export function syntheticEvents(n: number, seed = 0): HostEventInput[] {
  const kinds = ['service_started', 'session_created', 'session_stopped', 'grant_minted', 'settings_changed'] as const;
  return Array.from({ length: n }, (_, i) => {
    const k = kinds[(i + seed) % kinds.length]!;
    return {
      timestampUnixMs: T0 + i * 1000 + seed,
      kind: k,
      sessionId: k === 'service_started' ? null : `s-${(i + seed) % 4}`,
      actor: i % 3 === 0 ? 'cli' : 'service',
      detail: k === 'service_started' ? new Uint8Array(0) : { status: 'stopped', ram_bytes: i * 1024, counters: { net: { total: i } } },
      traceId: i % 2 === 0 ? null : `t-${i}`,
    };
  });
}

export async function memoryLedger(n: number, seed = 0): Promise<Database.Database> {
  const db = openFixtureDb(':memory:');
  await appendHostEvents(db, syntheticEvents(n, seed));
  return db;
}

export async function verifyDb(db: Database.Database, anchor: ChainAnchor | null = null, hasher?: ChainHasher): Promise<ChainReport> {
  const rows = readHostEventRows(db, 'fixture');
  if (!rows.ok) throw new Error(rows.error.message);
  return verifyChain(rows.value, anchor, hasher);
}

export const breakKeys = (r: ChainReport) => r.breaks.map((b) => ({ index: b.index, id: b.id, kind: b.kind }));

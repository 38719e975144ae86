// Fixture ledgers for the identity graph, lifecycle and file-activity tests: the writer's session (3 traces ×
// 2 turns with known tool calls, orphans, MCP calls and overflow rows), optionally with extra rows added
// before it is opened, plus the integrity report of the same evidence to compare against.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { checkEvidence } from '../../../../src/main/core/check/check-evidence.js';
import type { CheckReport } from '../../../../src/main/core/check/types.js';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import type { WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { GenerationName } from '../../../fixtures/writer/schema-generations.js';

export interface OpenedFixture {
  readonly written: WrittenLedger;
  readonly evidence: Evidence;
  /** null when the test asked for none (a report costs a second or two on very large ledgers). */
  readonly report: CheckReport;
  close(): void;
}

export async function openFixture(
  root: string,
  name: string,
  opts: { generation?: GenerationName; seed?: number; mutate?: (db: Database.Database) => void; report?: boolean } = {},
): Promise<OpenedFixture> {
  const written = await writeLedger(join(root, name), { generation: opts.generation ?? 'A4', seed: opts.seed ?? 3 });
  if (opts.mutate) {
    const db = new Database(written.dbPath);
    db.transaction(() => opts.mutate!(db))();
    if (db.pragma('journal_mode', { simple: true }) === 'wal') db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
  }
  const opened = await openEvidence([written.sessionDir], { scratchRoot: root });
  if (!opened.ok) throw new Error(`${opened.error.code}: ${opened.error.message}`);
  const evidence = opened.value;
  const report = opts.report === false ? (null as unknown as CheckReport) : await checkEvidence(evidence);
  return { written, evidence, report, close: () => evidence.close() };
}

/** Rows read with plain SQL over the evidence copy (not through the code under test). */
export function rowsOf<T>(fx: OpenedFixture, sql: string, ...params: unknown[]): T[] {
  return fx.evidence.db.prepare(sql).all(...params) as T[];
}

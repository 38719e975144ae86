/**
 * The SQL console's contract handlers (sql.*), and the search's every-hit grid (search.stream), which is a statement
 * run through the same console: each result streamed past its first page stays open in its own child and says its
 * progress as sql.changed (docs/ARCHITECTURE.md, the job model). Registered in service/service.ts beside the others.
 */
import type { Channels, EvidenceChanged, SqlResult } from '../../../shared/contract.js';
import type { Result } from '../../../shared/errors.js';
import { InspectorError } from '../../../shared/errors.js';
import type { EvidenceLookup, FeatureHandlers } from '../evidence/lookup.js';
import { searchStatement } from '../search/search-stream.js';
import { CANNED_QUERIES } from './canned.js';
import type { SqlConsole } from './sql-runner.js';

type SqlChannel = 'sql.canned' | 'sql.run' | 'search.stream' | 'sql.page' | 'sql.close' | 'sql.cancel';

/** A streamed result of this evidence moved; said only while the evidence is open. */
export type SqlChangedSay = (changed: EvidenceChanged & { readonly runId: string }) => void;

const NO_HITS: SqlResult = { columns: ['kind', 'table', 'rowid', 'value', 'summary'], rows: [], truncated: false, elapsedMs: 0 };

function unwrap<T>(r: Result<T>): T {
  if (!r.ok) throw new InspectorError(r.error.code, r.error.message);
  return r.value;
}

export function sqlHandlers(registry: EvidenceLookup, sql: SqlConsole, say: SqlChangedSay): FeatureHandlers<Pick<Channels, SqlChannel>> {
  const progressOf = (evidenceId: string, runId: string) => (): void => say({ evidenceId, runId });
  return {
    'sql.canned': () => {
      sql.warm(); // the SQL view asks this as it opens: its first query's child starts then, not on Run
      return CANNED_QUERIES;
    },
    'sql.run': async (arg) => {
      const e = registry.get(arg.evidenceId);
      sql.warm();
      return unwrap(await sql.run(e.snapshot.dbCopyPath, { ...arg, onProgress: progressOf(e.id, arg.runId) }));
    },
    'search.stream': async ({ evidenceId, runId, query, kinds, firstRows }) => {
      const e = registry.get(evidenceId);
      const stmt = searchStatement(e.db, query, kinds);
      if (!stmt) return NO_HITS;
      sql.warm();
      const run = { runId, ...stmt, maxRows: firstRows ?? 300, paging: 'stream' as const, deadlineMs: 30_000 };
      return unwrap(await sql.run(e.snapshot.dbCopyPath, { ...run, onProgress: progressOf(evidenceId, runId) }));
    },
    'sql.page': async ({ evidenceId, runId, position, limit }) => {
      registry.get(evidenceId);
      return unwrap(await sql.page(runId, position, limit));
    },
    'sql.close': ({ runId }) => {
      sql.closeResult(runId);
      return null;
    },
    'sql.cancel': ({ runId }) => {
      // Cancelling a run that already ended is not an error: the race is normal.
      sql.cancel(runId);
      return null;
    },
  };
}

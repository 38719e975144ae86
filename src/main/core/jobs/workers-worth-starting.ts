// How many verification workers are worth starting before the job is planned (check before its open, the app when
// its Integrity view is on screen): judged from the files' sizes alone, without reading the index.
import { statSync } from 'node:fs';
import type { SessionInput } from '../evidence/types.js';
import { MIN_BYTES_PER_WORKER } from './verify-plan.js';

/**
 * The workers the verification will surely use: the archive (or, for a ledger with bodies inside SQLite, session.db)
 * holds at least as many raw bytes as it has on disk, and the plan gives a worker at least MIN_BYTES_PER_WORKER.
 * An underestimate only means the job starts the rest itself. 0 when the file cannot be read (nothing to verify).
 */
export function workersWorthStarting(input: SessionInput, requested: number): number {
  let bytes = 0;
  try {
    bytes = statSync(input.archive?.kind === 'file' ? input.archive.path : input.dbPath).size;
  } catch {
    return 0;
  }
  return Math.max(1, Math.min(requested, Math.floor(bytes / MIN_BYTES_PER_WORKER)));
}

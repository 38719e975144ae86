/**
 * Which rows exist only in session.db-wal (committed, never checkpointed into session.db): per table, the first
 * such rowid. The core learns it from a second scratch copy read without the -wal, which the integrity report
 * makes off the first view's path, so it is asked for only once the verdict says the report is done; until then
 * (and for a ledger without such rows) nothing is marked.
 */
import type { VerdictView } from '../../../shared/contract.js';
import { useCall } from './use-call.js';
import { useVerdict } from './use-verdict.js';

const reportDone = (v: VerdictView | null): boolean => v !== null && v.report !== 'pending';

/** The first rowid only in the -wal per table, or null while it is not known yet. */
export function useWalOnlyFrom(ev: string | null): Readonly<Record<string, number>> | null {
  const verdict = useVerdict(ev);
  const r = useCall('integrity.report', ev && reportDone(verdict) ? { evidenceId: ev } : undefined);
  return r.value?.walOnlyFrom ?? null;
}

export const WAL_ONLY_TITLE = 'only in session.db-wal: a copy without the -wal loses this row';

/** True when `rowid` of `table` exists only in the -wal. */
export function isWalOnly(from: Readonly<Record<string, number>> | null, table: string, rowid: number): boolean {
  const first = from?.[table];
  return first !== undefined && rowid >= first;
}

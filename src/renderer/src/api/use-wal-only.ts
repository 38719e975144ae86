/**
 * Which rows exist only in session.db-wal (committed, never checkpointed into session.db): per table, the first
 * such rowid. The core learns it from a second scratch copy read without the -wal, which the integrity report
 * makes off the first view's path, so it is asked for only once the verdict says the report is done; until then
 * (and for a ledger without such rows) nothing is marked.
 */
import { useRef } from 'react';
import type { VerdictView } from '../../../shared/contract.js';
import { useCall } from './use-call.js';
import { useVerdict } from './use-verdict.js';

const reportDone = (v: VerdictView | null): boolean => v !== null && v.report !== 'pending';

/**
 * The first rowid only in the -wal per table, or null while it is not known yet. Once known it stays while the
 * report is built again (a finished verification sends the verdict back to "report pending"): which rows live only
 * in the journal is a fact of the files, which a verification does not change, so the marks never blink off.
 */
export function useWalOnlyFrom(ev: string | null): Readonly<Record<string, number>> | null {
  const verdict = useVerdict(ev);
  const r = useCall('integrity.report', ev && reportDone(verdict) ? { evidenceId: ev } : undefined);
  const known = useRef<{ ev: string; from: Readonly<Record<string, number>> } | null>(null);
  const from = r.value?.walOnlyFrom;
  if (ev && from) known.current = { ev, from };
  return from ?? (ev && known.current?.ev === ev ? known.current.from : null);
}

export const WAL_ONLY_TITLE = 'only in session.db-wal: a copy without the -wal loses this row';

/** True when `rowid` of `table` exists only in the -wal. */
export function isWalOnly(from: Readonly<Record<string, number>> | null, table: string, rowid: number): boolean {
  const first = from?.[table];
  return first !== undefined && rowid >= first;
}

/**
 * Completeness in one sentence, for places that carry a head rather than a report (a saved transcript): the gap
 * kinds with their counts, or that the ledger tells of none. Rows only in the -wal need the report's comparison
 * against a copy without it, so a head says where that count is rather than claiming none. `hostStop`, when a host
 * ledger is at hand, adds the comparison with the host's final counters, as the report makes it.
 */
import { existsSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { checkOverflow } from '../../check/overflow.js';
import { checkCompleteness } from '../../completeness/completeness.js';
import type { HostStop } from '../../completeness/host-stop.js';

export function completenessSentence(db: Database.Database, hostStop: HostStop | null = null): string {
  const c = checkCompleteness(db, { overflow: checkOverflow(db), walOnlyRows: null }, hostStop);
  const wal = existsSync(`${db.name}-wal`) ? '; rows only in the -wal are counted by capsem-inspect check, not here' : '';
  if (c.gaps.length === 0) return `complete: no gap the ledger tells of${wal}`;
  return `gaps: ${c.gaps.map((g) => `${g.kind} ×${g.rows.toLocaleString('en-US')}`).join(', ')} (capsem-inspect check says what each means)${wal}`;
}

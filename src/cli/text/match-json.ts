// A match's place in a ledger as JSON fields, shared by grep's and hunt's records so both say it the same way. grep
// has always named a body's table `sourceTable` and hunt `table`: each keeps its name (scripts read them).
import type { GrepMatch } from '../../main/core/match/grep-types.js';

/** Where: a body's table and direction, or a column's table, column and rowid; then the offset, length and cut. */
export function matchPlaceJson(m: GrepMatch, bodyTableField: 'sourceTable' | 'table'): Record<string, unknown> {
  const where =
    m.source.kind === 'body'
      ? { [bodyTableField]: m.source.sourceTable, direction: m.source.direction }
      : { table: m.source.table, column: m.source.column, rowid: m.source.rowid };
  return {
    in: m.source.kind,
    eventId: m.eventId,
    ...where,
    offset: m.offset,
    length: m.length,
    // Cut at its window's reach: `length` is where the scan stopped, not where the match ends.
    ...(m.cut ? { cut: true } : {}),
  };
}

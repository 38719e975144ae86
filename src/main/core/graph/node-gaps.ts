// A graph node stands for one ledger row (a model call, a tool call, a response, an item): the gaps on that row are
// marked on the node, as its transcript line marks them. An events node stands for many rows: the turn's pane it
// opens lists each row with its own marks, so the node itself carries none.
import type Database from 'better-sqlite3';
import type { GraphNode } from '../../../shared/contract/graph.js';
import { gapMarksOfRows } from '../completeness/rows-gap-marks.js';

export function withGapMarks(db: Database.Database, nodes: readonly GraphNode[]): GraphNode[] {
  const idsByTable = new Map<string, number[]>();
  for (const n of nodes) {
    if (!n.row) continue;
    const ids = idsByTable.get(n.row.table);
    if (ids) ids.push(n.row.rowid);
    else idsByTable.set(n.row.table, [n.row.rowid]);
  }
  const marks = new Map([...idsByTable].map(([table, ids]) => [table, gapMarksOfRows(db, table, [...new Set(ids)])]));
  return nodes.map((n) => {
    const gaps = n.row ? marks.get(n.row.table)?.get(n.row.rowid) : undefined;
    return gaps ? { ...n, gaps } : n;
  });
}

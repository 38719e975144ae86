// Random table pages at any depth through the queries layer (src/main/core/tables/page.ts, keyset): for each
// page a random table, a random position (rowid, or an indexed column's value), forward or backward, 200 rows.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { readPage } from '../../../src/main/core/tables/page.js';
import type { PageRequest } from '../../../src/shared/contract.js';
import { openEvidence } from '../../../src/main/core/evidence/open-evidence.js';
import { BenchPrng } from './body-text.js';
import type { ProbeArgs } from './probe-types.js';

/** Tables and the indexed columns the UI can sort by (null = rowid order). */
const SHAPES: readonly { table: string; sort: string | null }[] = [
  { table: 'model_items', sort: null },
  { table: 'fs_events', sort: null },
  { table: 'fs_events', sort: 'timestamp' },
  { table: 'audit_events', sort: null },
  { table: 'tool_calls', sort: null },
  { table: 'net_events', sort: 'timestamp' },
  { table: 'net_events', sort: 'domain' },
  { table: 'event_body_blobs', sort: null },
  { table: 'event_body_blobs', sort: 'body_hash' },
  { table: 'tool_responses', sort: null },
  { table: 'exec_events', sort: null },
];

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

export async function probePages(a: ProbeArgs): Promise<Record<string, number | string | null>> {
  const opened = await openEvidence([a.sessionDir], { hashArchive: false, scratchRoot: a.scratchRoot });
  if (!opened.ok) throw new Error(`open: ${opened.error.code}: ${opened.error.message}`);
  const ev = opened.value;
  // Positions are picked on a separate connection, untimed, so the timed reads start cold in the page's own statements.
  const picker = new Database(join(ev.snapshot.dbCopyPath), { readonly: true });
  const p = new BenchPrng(a.seed ?? 42);
  const times: number[] = [];
  let worst = { ms: 0, what: '' };
  let rows = 0;
  try {
    for (let i = 0; i < (a.pages ?? 100); i++) {
      const shape = SHAPES[p.next() % SHAPES.length]!;
      const max = picker.prepare(`SELECT MAX(rowid) FROM ${shape.table}`).pluck().get() as number | null;
      if (!max) continue;
      const rowid = 1 + (p.next() % max);
      const value = shape.sort
        ? (picker.prepare(`SELECT ${shape.sort} FROM ${shape.table} WHERE rowid >= ? LIMIT 1`).pluck().get(rowid) as string | number | null)
        : rowid;
      const cursor = { value, rowid };
      const backward = p.next() % 4 === 0;
      const req: PageRequest = {
        evidenceId: ev.id,
        table: shape.table,
        ...(shape.sort ? { sort: { column: shape.sort, direction: p.next() % 2 ? 'asc' : 'desc' } } : {}),
        ...(backward ? { before: cursor } : { after: cursor }),
        limit: 200,
      };
      const t0 = performance.now();
      const page = readPage(ev.db, req);
      const ms = performance.now() - t0;
      rows += page.rows.length;
      times.push(ms);
      if (ms > worst.ms) worst = { ms, what: `${shape.table}${shape.sort ? ` by ${shape.sort}` : ''} at rowid ${rowid}` };
    }
    return {
      pages: times.length,
      medianMs: median(times),
      worstMs: worst.ms,
      worstPage: worst.what,
      rows,
      via: 'src/main/core/queries readPage (keyset)',
    };
  } finally {
    picker.close();
    ev.close();
  }
}

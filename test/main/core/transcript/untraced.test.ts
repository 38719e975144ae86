// The whole session's transcript leaves no row out: on a ledger with rows no told trace carries (no trace_id, a
// trace_id no call has), every row of every event table, model call and tool response is told exactly once, the
// untraced ones after the traces, in time order, each saying so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoMs } from '../../../../src/main/core/traces/sql-columns.js';
import { transcriptPage } from '../../../../src/main/core/transcript/transcript-page.js';
import type { TranscriptLine } from '../../../../src/shared/contract/transcript.js';
import { allTranscriptLines } from '../../../fixtures/transcript-lines.js';
import type { PlantedUntraced } from '../../../fixtures/writer/untraced-rows.js';
import { EVENT_TABLE_NAMES, FOREIGN_POST, plantUntraced } from '../../../fixtures/writer/untraced-rows.js';
import type { OpenedFixture } from '../graph/fixture-ledger.js';
import { openFixture, rowsOf } from '../graph/fixture-ledger.js';

const root = mkdtempSync(join(tmpdir(), 'untraced-test-'));
let fx: OpenedFixture;
let planted: PlantedUntraced;
let lines: TranscriptLine[];
beforeAll(async () => {
  fx = await openFixture(root, 'untraced', { report: false, mutate: (db) => void (planted = plantUntraced(db)) });
  lines = [];
  // Pages of an odd size, so the tail is met inside a page and across pages.
  lines.push(...allTranscriptLines(fx.evidence, undefined, 7));
});
afterAll(() => {
  fx?.close();
  rmSync(root, { recursive: true, force: true });
});

const TOLD = ['model_calls', 'tool_responses', ...EVENT_TABLE_NAMES];

describe('the session transcript with untraced rows', () => {
  it('tells every row of every told table exactly once, as plain SQL lists them', () => {
    expect(lines.map((l) => l.seq)).toEqual(lines.map((_, i) => i));
    for (const table of TOLD) {
      const want = rowsOf<{ id: number }>(fx, `SELECT id FROM ${table} ORDER BY id`).map((r) => r.id);
      const got = lines
        .filter((l) => l.row?.table === table)
        .map((l) => l.row!.rowid)
        .sort((a, b) => a - b);
      expect(got, table).toEqual(want);
    }
  });

  it('tells the untraced rows after the traces, in time order, each marked and saying why', () => {
    const first = lines.findIndex((l) => l.kind === 'trace' && l.traceId === null);
    expect(first).toBeGreaterThan(0);
    expect(lines.slice(0, first).every((l) => l.traceId !== null)).toBe(true);
    const tail = lines.slice(first + 1);
    expect(lines[first]!.title).toBe(`untraced rows (${tail.length})`);
    expect(tail.map((l) => `${l.row!.table}:${l.row!.rowid}`).sort()).toEqual([...planted.keys].sort());
    const ms = tail.map((l) => isoMs(l.timestamp) ?? Infinity);
    expect(ms).toEqual([...ms].sort((a, b) => a - b));
    for (const l of tail) {
      expect(l.depth).toBe(1);
      expect(l.placement).toMatch(/placed by time among the untraced rows/);
      expect(l.nodeId).toBeNull();
    }
    expect(tail.find((l) => l.traceId === 'trace-no-call-carries')?.placement).toMatch(/trace-no-call-carries is on no model or tool call/);
    const post = tail.find((l) => l.row?.table === 'net_events' && l.row.rowid === planted.foreignPostId)!;
    expect(post.title).toContain(`POST ${FOREIGN_POST.domain}${FOREIGN_POST.path}`);
    expect(post.alert).toBe(true);
    expect(transcriptPage(fx.evidence, { limit: 1 }).note).toMatch(/^.*11 rows carry no told trace/);
  });
});

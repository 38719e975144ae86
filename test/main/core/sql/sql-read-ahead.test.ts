// A streamed SQL result is read ahead only as pages are asked (issue 35): READ_AHEAD_ROWS past the furthest page
// asked for (the first page counts), then it pauses and says so; a page further on makes it read on past that page,
// and a progress ask (limit 0) reads nothing more. Through the console (child process and parent), and on the
// child's stream itself, where a paused stream is seen to pull no more rows from its query.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqlConsole } from '../../../../src/main/core/sql/sql-runner.js';
import type { SqlChildReply } from '../../../../src/main/core/sql/sql-protocol.js';
import { READ_AHEAD_ROWS, ResultStream } from '../../../../src/main/core/sql/sql-stream.js';
import type { Cell, SqlPage } from '../../../../src/shared/contract.js';
import type { MiniLedger } from '../queries/mini-ledger.js';
import { makeMiniLedger } from '../queries/mini-ledger.js';

const ROWS = 200_000;
const FIRST = 100;
/** x = 1 … ROWS, so the row at place i is [i + 1]. */
const QUERY = `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT ${ROWS}) SELECT x FROM c`;

let L: MiniLedger;
let sql: SqlConsole;
beforeAll(() => {
  L = makeMiniLedger(10);
  sql = new SqlConsole();
  sql.warm();
});
afterAll(() => {
  sql.dispose();
  L.cleanup();
});

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Progress asks until the stream stands still: paused, or done (the old eager stream only ever ends). */
async function untilStill(runId: string): Promise<SqlPage> {
  for (;;) {
    const p = await sql.page(runId, 0, 0);
    if (!p.ok) throw new Error(p.error.message);
    if (p.value.paused || p.value.done) return p.value;
    await sleep(20);
  }
}

describe('read-ahead of a streamed SQL result', () => {
  it('reads READ_AHEAD_ROWS past the first page and pauses, reads on past a page asked far down, never for a progress ask', async () => {
    expect(ROWS).toBeGreaterThan(FIRST + 2 * READ_AHEAD_ROWS);
    const first = await sql.run(L.path, { runId: 'ra1', sql: QUERY, maxRows: FIRST, paging: 'stream', deadlineMs: 120_000 });
    expect(first.ok && first.value.streaming).toBe(true);

    const still = await untilStill('ra1');
    expect([still.done, still.paused]).toEqual([false, true]);
    // The first page (and the one row read past it to know there are more) plus the read-ahead, and no more.
    expect(still.streamed).toBeGreaterThanOrEqual(FIRST + READ_AHEAD_ROWS);
    expect(still.streamed).toBeLessThanOrEqual(FIRST + 1 + READ_AHEAD_ROWS);

    // Progress asks, even at a far place, do not move the point it reads to.
    for (let i = 0; i < 5; i++) {
      const p = await sql.page('ra1', 150_000, 0);
      expect(p.ok && [p.value.rows, p.value.streamed, p.value.paused]).toEqual([[], still.streamed, true]);
      await sleep(50);
    }

    // A page far down is read to, answered, and the stream reads READ_AHEAD_ROWS past it before pausing again.
    const far = await sql.page('ra1', 150_000, 50);
    expect(far.ok && far.value.rows).toEqual(Array.from({ length: 50 }, (_, i) => [150_001 + i]));
    const again = await untilStill('ra1');
    expect([again.done, again.paused, again.streamed]).toEqual([false, true, 150_050 + READ_AHEAD_ROWS]);

    // A page near the end reads the rest: done, the exact count, no longer paused.
    const end = await sql.page('ra1', ROWS - 10, 10);
    expect(end.ok && end.value.rows).toEqual(Array.from({ length: 10 }, (_, i) => [ROWS - 9 + i]));
    const last = await untilStill('ra1');
    expect([last.done, last.paused, last.streamed]).toEqual([true, false, ROWS]);
    sql.closeResult('ra1');
  });

  it("the child's stream pulls no row from its query while paused, and a progress ask there is answered at once", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'read-ahead-'));
    try {
      let pulled = 0;
      // Endless, so only the read-ahead can stop it: row n is [n], row 0 comes as the first page.
      const source = (function* () {
        for (let n = 1; ; n++) {
          pulled++;
          yield [n];
        }
      })();
      const sent: SqlChildReply[] = [];
      // A small cap, so a stream that never pauses still ends.
      const stream = new ResultStream(
        join(dir, 'r.db'),
        source,
        (row) => row as Cell[],
        () => undefined,
        (m) => sent.push(m),
        4 * 1024 ** 2,
      );
      stream.start([[0]]);
      const progress = (): SqlChildReply[] => sent.filter((m) => m.type === 'progress');
      const pausedAt = async (n: number): Promise<void> => {
        await expect.poll(() => progress().some((m) => m.type === 'progress' && (m.streamed >= n || m.done))).toBe(true);
        expect(progress().at(-1)).toMatchObject({ streamed: n, done: false, paused: true });
        // Paused means nothing scheduled: the query's cursor is not pulled on (row 0 was the first page's).
        const seen = pulled;
        await sleep(100);
        expect([pulled, seen]).toEqual([n - 1, n - 1]);
      };
      await pausedAt(1 + READ_AHEAD_ROWS);

      stream.page({ type: 'page', id: 1, position: 10 ** 9, limit: 0 });
      expect(sent.find((m) => m.type === 'page' && m.id === 1)).toMatchObject({
        rows: [],
        streamed: 1 + READ_AHEAD_ROWS,
        done: false,
        paused: true,
      });
      await sleep(100);
      expect(pulled).toBe(READ_AHEAD_ROWS);

      stream.page({ type: 'page', id: 2, position: 50_000, limit: 10 });
      await expect
        .poll(() => sent.find((m) => m.type === 'page' && m.id === 2))
        .toMatchObject({
          rows: Array.from({ length: 10 }, (_, i) => [50_000 + i]),
          position: 50_000,
        });
      await pausedAt(50_010 + READ_AHEAD_ROWS);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// A streamed SQL result says each move of its reading (the sql.changed event, through onProgress): asking its
// progress only when told, and a page further on whenever it pauses (as the grid does when scrolled), reaches the
// exact row count. A move the console did not announce would leave this waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqlConsole } from '../../../../src/main/core/sql/sql-runner.js';
import type { MiniLedger } from '../queries/mini-ledger.js';
import { makeMiniLedger } from '../queries/mini-ledger.js';

let L: MiniLedger;
let sql: SqlConsole;
beforeAll(() => {
  L = makeMiniLedger(30_000);
  sql = new SqlConsole();
  sql.warm();
});
afterAll(() => {
  sql.dispose();
  L.cleanup();
});

describe('sql.changed', () => {
  it('is said as a streamed result reads on, pauses and ends, so asking when told reaches the end', async () => {
    let heard = 0;
    let told = (): void => undefined;
    const ended = new Promise<number>((resolve, reject) => {
      let asking = false;
      let again = false;
      const ask = (): void => {
        if (asking) return void (again = true);
        asking = true;
        again = false;
        void sql.page('c1', 0, 0).then(async (r) => {
          if (!r.ok) return reject(new Error(r.error.message));
          if (r.value.done) return resolve(r.value.streamed);
          // Paused: far enough ahead of the pages asked. A page at its end makes it read on, as scrolling does.
          if (r.value.paused) await sql.page('c1', r.value.streamed - 1, 1);
          asking = false;
          if (again) ask();
        });
      };
      told = () => {
        heard += 1;
        ask();
      };
    });
    const first = await sql.run(L.path, {
      runId: 'c1',
      sql: 'SELECT id, domain FROM net_events ORDER BY domain DESC, id',
      maxRows: 500,
      paging: 'stream',
      onProgress: () => told(),
    });
    expect(first.ok && first.value.streaming).toBe(true);
    // What it said before this line was heard by `told` already; ask once in case it said nothing yet.
    told();
    expect(await ended).toBe(30_000);
    expect(heard).toBeGreaterThan(1);
  });
});

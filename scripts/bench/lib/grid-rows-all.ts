// The grid rows (grid-rows.ts) in one browser: SQL paging on the 1,000,000-event ledger, and the unindexed sort on a
// ledger with a 1,000,000-row table when one is given (else said not measured).
import { ensureRendererBuilt, launchChromium } from '../../../test/renderer/harness.js';
import { useBuiltWorkers } from './built-workers.js';
import type { FigureRow } from './report.js';
import { notMeasured } from './report.js';
import { sqlPagingRows, unindexedSortRows } from './grid-rows.js';

export async function gridRows(dir: string, tableDir: string | null): Promise<FigureRow[]> {
  useBuiltWorkers();
  ensureRendererBuilt();
  const browser = await launchChromium();
  try {
    const rows = await sqlPagingRows(browser, dir);
    if (tableDir) rows.push(...(await unindexedSortRows(browser, tableDir)));
    else
      rows.push(
        notMeasured(
          'Browser (grids): sort a 1,000,000-row table by an unindexed column',
          'no long task > 50 ms',
          'needs --table-dir <ledger with a 1,000,000-row table>',
        ),
      );
    return rows;
  } finally {
    await browser.close();
  }
}

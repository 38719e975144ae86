// Issue 40's rows (scripts/bench/scale.ts --only investigation): on the 1,000,000-event ledger, each investigation
// view's first content after an in-app navigation, with the long tasks meanwhile, beside an empty page's first frame
// in the same browser. Egress (a row per destination), Decisions (the groups and their first events), a decision's
// chain opened from its row, File history's path list, and the history of the path with the most changes. Each view
// is opened cold: its report is first asked by the navigation itself, as a reader's first visit asks it.
import type { EvidenceSummary } from '../../../src/shared/contract.js';
import type { DecisionsReport } from '../../../src/shared/contract/decisions.js';
import type { FilePaths } from '../../../src/shared/contract/files.js';
import { ensureRendererBuilt, launchChromium } from '../../../test/renderer/harness.js';
import { blankLoadReference } from './browser-page.js';
import { startServe } from './browser-serve.js';
import { useBuiltWorkers } from './built-workers.js';
import type { FigureRow } from './report.js';
import { ms } from './report.js';
import { step } from './scale-page.js';
import { openPage, row, settled } from './scale-rows.js';

const hashOf = (ev: string, rest: string): string => `#/e/${encodeURIComponent(ev)}/${rest}`;
const go = (hash: string): string => `location.hash = ${JSON.stringify(hash)};`;

export async function investigationRows(dir: string): Promise<FigureRow[]> {
  useBuiltWorkers();
  ensureRendererBuilt();
  const browser = await launchChromium();
  const rows: FigureRow[] = [];
  try {
    const blank = await blankLoadReference(browser);
    const reference = `empty page, fresh context, same Chromium: first frame at ${ms(blank)}`;
    const serve = await startServe(dir);
    try {
      const ev = (await serve.api<EvidenceSummary[]>('evidence.list', null))[0]!.id;
      const waited = await settled(serve, ev);
      const page = await openPage(browser, serve, hashOf(ev, 'graph'), 'table.traces tbody tr');
      const egress = await step(page, go(hashOf(ev, 'egress')), ['.egress-view [data-destination]']);
      const destinations = await page.locator('[data-destination]').count();
      rows.push(
        row(
          `Browser (investigation): open Egress, first destinations drawn (${destinations} destinations; in-app navigation, the follow-up and trace keys in after ${ms(waited)})`,
          egress,
          reference,
        ),
      );
      const decisions = await step(page, go(hashOf(ev, 'decisions')), ['[data-decision-row]']);
      const report = await serve.api<DecisionsReport>('decisions.report', { evidenceId: ev });
      rows.push(
        row(
          `Browser (investigation): open Decisions, first groups drawn (${report.total.toLocaleString('en-US')} decided events in ${report.groups.length} groups)`,
          decisions,
          reference,
        ),
      );
      const chain = await step(page, "document.querySelector('[data-chain-for]').click();", ['.dc-chain[data-chain-ready]']);
      rows.push(row('Browser (investigation): open the first decided event’s chain from its row', chain, reference));
      const files = await step(page, go(hashOf(ev, 'file-history')), ['.fh-path-cell[data-path]']);
      const paths = await serve.api<FilePaths>('files.paths', { evidenceId: ev });
      rows.push(
        row(
          `Browser (investigation): open File history, first paths drawn (${paths.paths.length.toLocaleString('en-US')} paths, ${paths.windows.length} overflow windows)`,
          files,
          reference,
        ),
      );
      const busiest = [...paths.paths].sort((a, b) => b.changes - a.changes)[0]!;
      const history = await step(page, go(`${hashOf(ev, 'file-history')}?${new URLSearchParams({ path: busiest.path }).toString()}`), [
        '.fh-one[data-file-history-ready]:not([data-file-history-ready="none"]) table.fh-history tbody tr',
      ]);
      rows.push(
        row(
          `Browser (investigation): open the history of the path with the most changes (${busiest.changes.toLocaleString('en-US')} changes)`,
          history,
          reference,
        ),
      );
      await page.screenshot({ path: 'test-artifacts/screenshots/bench-investigation-file-history.png' });
      await page.context().close();
    } finally {
      await serve.stop();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

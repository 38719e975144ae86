// node --import tsx scripts/bench/timelines.ts --dir <1,000,000-event ledger>
// Only the File activity and Tool lifecycles rows of the at-scale benchmark (lib/timeline-rows.ts; `npm run bench:scale`
// runs them too, after the trace rows), with the same settle, page and empty-page reference, so these views can be
// measured without the minutes the trace rows take on a shared machine.
import type { EvidenceSummary } from '../../src/shared/contract.js';
import type { TraceList } from '../../src/shared/contract/graph.js';
import { ensureRendererBuilt, launchChromium } from '../../test/renderer/harness.js';
import { blankLoadReference } from './lib/browser-page.js';
import { startServe } from './lib/browser-serve.js';
import { useBuiltWorkers } from './lib/built-workers.js';
import { resolveSessionDir } from './lib/ledgers.js';
import { machineLine } from './lib/machine.js';
import { markdownTable, ms } from './lib/report.js';
import { openPage, row, settled } from './lib/scale-rows.js';
import { timelineRows } from './lib/timeline-rows.js';

const argv = process.argv.slice(2);
const dir = argv[argv.indexOf('--dir') + 1];
if (!argv.includes('--dir') || !dir) {
  console.error('usage: node --import tsx scripts/bench/timelines.ts --dir <ledger>');
  process.exit(2);
}
useBuiltWorkers();
ensureRendererBuilt();
const browser = await launchChromium();
try {
  const blank = await blankLoadReference(browser);
  const reference = `empty page, fresh context, same Chromium: first frame at ${ms(blank)}`;
  const serve = await startServe(resolveSessionDir(dir));
  try {
    const ev = (await serve.api<EvidenceSummary[]>('evidence.list', null))[0]!.id;
    const waited = await settled(serve, ev);
    const traces = (await serve.api<TraceList>('graph.traces', { evidenceId: ev })).traces;
    // The trace the at-scale rows call ordinary: the one nearest 67 model calls.
    const ordinary = [...traces]
      .filter((t) => t.modelCalls <= 300)
      .sort((a, b) => Math.abs(a.modelCalls - 67) - Math.abs(b.modelCalls - 67))[0]!;
    const page = await openPage(browser, serve, `#/e/${encodeURIComponent(ev)}/graph`, 'table.traces tbody tr');
    const rows = await timelineRows(page, ev, ordinary, reference, row);
    await page.context().close();
    console.log(
      `\n## File activity and Tool lifecycles at scale (scripts/bench/timelines.ts)\n\nLedger: ${dir}; settled ${ms(waited)} after serve answered.\nMachine: ${machineLine()}.\n\n${markdownTable(rows)}\n`,
    );
  } finally {
    await serve.stop();
  }
} finally {
  await browser.close();
}

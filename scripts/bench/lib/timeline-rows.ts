// The File activity and Tool lifecycles rows of issue 26 (scale-rows.ts runs them after the trace rows; timelines.ts runs
// them alone): open File activity, zoom its timeline in once, open Tool lifecycles filtered to one trace. Each an in-app
// step timed in the page (scale-page.ts) with its long tasks, beside the same run's empty-page reference.
import type { Page } from 'playwright-core';
import type { TraceSummary } from '../../../src/shared/contract/graph.js';
import type { FigureRow } from './report.js';
import type { StepFigure } from './scale-page.js';
import { step } from './scale-page.js';

/** scale-rows.ts's row formatter (its goal and verdict), passed in: that file runs these rows. */
export type RowOf = (figure: string, f: StepFigure, reference: string) => FigureRow;
const hashOf = (ev: string, rest: string): string => `#/e/${encodeURIComponent(ev)}/${rest}`;
const go = (hash: string): string => `location.hash = ${JSON.stringify(hash)};`;

const FILES_CHART = 'section[aria-label="file events by action"] svg.fs-timeline';

export async function timelineRows(page: Page, ev: string, trace: TraceSummary, reference: string, row: RowOf): Promise<FigureRow[]> {
  const rows: FigureRow[] = [];
  const files = await step(
    page,
    go(hashOf(ev, 'files')),
    [`${FILES_CHART}[data-bins]`, '.fs-overflow[data-windows]:not([data-windows=""])', '.fs-paths .gr[data-rowkey]'],
    1500,
  );
  rows.push(
    row('Browser (scale): open File activity (timeline of the whole session, overflow windows, first paths drawn)', files, reference),
  );
  // Again, after another view: the first visit above paid for reading fs_events into the per-connection index.
  await step(page, go(hashOf(ev, 'overview')), ['.overview']);
  const again = await step(
    page,
    go(hashOf(ev, 'files')),
    [`${FILES_CHART}[data-bins]`, '.fs-overflow[data-windows]:not([data-windows=""])', '.fs-paths .gr[data-rowkey]'],
    1500,
  );
  rows.push(row('Browser (scale): open File activity again (its fs_events index already in memory)', again, reference));
  // One zoom step (the "+" button), until the chart draws the halved range's bins from the server.
  const whole = await page.getAttribute(FILES_CHART, 'data-from');
  const zoom = await step(page, `document.querySelector('.fs-zoom button[aria-label="zoom in"]').click();`, [
    `${FILES_CHART}:not([data-from="${whole}"])`,
  ]);
  rows.push(row('Browser (scale): zoom File activity in once ("+": the range halved, binned again on the server, drawn)', zoom, reference));
  const lanes = await step(
    page,
    go(hashOf(ev, `lifecycle?trace=${encodeURIComponent(trace.traceId)}`)),
    ['.lifecycle-view .gr[data-rowkey]', 'svg.swimlanes[data-mode]'],
    1000,
  );
  rows.push(
    row(
      `Browser (scale): Tool lifecycles filtered to one trace, first visit (${trace.traceId}, ${trace.toolCalls} tool calls; rows and every call's swimlane drawn)`,
      lanes,
      reference,
    ),
  );
  return rows;
}

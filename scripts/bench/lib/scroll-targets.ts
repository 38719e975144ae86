// What the table and graph scroll rows scroll (browser-session.ts runs them): the route, what shows it is ready, the
// scroll plan, and the words describing what was on screen.
import type { Page } from 'playwright-core';
import { TABLE } from './browser-ledger.js';

async function drawMore(page: Page, pages: number): Promise<void> {
  for (let i = 0; i < pages; i++) {
    const button = page.getByRole('button', { name: 'Draw the next 100 model calls' });
    if ((await button.count()) === 0) return;
    const before = Number(await page.getAttribute('.graph-view', 'data-loaded-model-calls'));
    await button.click();
    await page.waitForFunction((n) => Number(document.querySelector('.graph-view')?.getAttribute('data-loaded-model-calls')) > n, before, {
      timeout: 120_000,
    });
  }
}

async function describeGraph(page: Page): Promise<string> {
  return page.evaluate(() => {
    const v = document.querySelector('.graph-view');
    const total = /of ([\d,]+) model calls/.exec(v?.querySelector('.toolbar .muted')?.textContent ?? '')?.[1] ?? '?';
    // The SVG draws only what meets the scroll window; data-total-* count the whole laid-out page.
    const svg = document.querySelector('svg.graph-svg');
    return (
      `${v?.getAttribute('data-loaded-model-calls')} of ${total} model calls laid out (${svg?.getAttribute('data-total-nodes') ?? '?'} nodes, ` +
      `${svg?.getAttribute('data-total-edges') ?? '?'} edges), of which ${document.querySelectorAll('svg.graph-svg [data-node-id]').length} nodes and ` +
      `${document.querySelectorAll('svg.graph-svg [data-edge]').length} edges in the SVG at the start (only what meets the scroll window is drawn)`
    );
  });
}

async function describeTable(page: Page): Promise<string> {
  return page.evaluate(() => {
    const keys = Array.from(document.querySelectorAll('.gr[data-rowkey]')).map((r) => Number(r.getAttribute('data-rowkey')));
    return `reached row ${keys.length ? Math.max(...keys).toLocaleString('en-US') : '?'}, ${keys.length} rows in the DOM`;
  });
}

export function tableTarget(ev: string) {
  return {
    evidenceId: ev,
    hash: `#/e/${ev}/tables/${TABLE}`,
    ready: ['.gr[data-rowkey="1"]'],
    name: 'table',
    plan: { selector: '.grid-scroll', pxPerFrame: 60, axes: 'y' as const, bounce: false, durationMs: 5000 },
    describe: describeTable,
  };
}

export function graphTarget(ev: string, traceId: string, morePages: number) {
  return {
    evidenceId: ev,
    hash: `#/e/${ev}/graph/${encodeURIComponent(traceId)}`,
    ready: ['.graph-view svg.graph-svg [data-node-id]'],
    name: 'graph',
    plan: { selector: '.graph-scroll', pxPerFrame: 30, axes: 'xy' as const, bounce: true, durationMs: 5000 },
    prepare: (page: Page) => drawMore(page, morePages),
    describe: describeGraph,
  };
}

/**
 * The identity graph, tool lifecycles and file activity in headless Chromium against serve mode: the graph's
 * DOM holds exactly the nodes and edges the fixture's trace has, broken invariants drawn and listed; lifecycle
 * and overflow counts equal the integrity report; screenshots of each view on the bundled sample ledger.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkEvidence } from '../../src/main/core/check/check-evidence.js';
import type { CheckReport } from '../../src/main/core/check/types.js';
import { buildTraceGraph } from '../../src/main/core/graph/trace-graph.js';
import { listTraces } from '../../src/main/core/traces/traces.js';
import { findBundledSample } from '../../src/main/core/service/registry.js';
import type { RunningServer, ServerOptions } from '../../src/main/serve/server.js';
import Database from 'better-sqlite3';
import { writeLedger } from '../fixtures/writer/ledger-writer.js';
import { goToHash, ok, shot, startBrowserSuite } from './harness.js';
import type { BrowserSuite, Watched } from './harness.js';

let suite: BrowserSuite;
let server: RunningServer;
let w: Watched;
let page: Page;
let fixtureId: string;
let sampleId: string;
let report: CheckReport;
const PERSIST = [
  '/workspace/.git/hooks/post-checkout',
  '/workspace/.git/config',
  '/workspace/node_modules/evil/index.js',
  '/workspace/.venv/lib/site.py',
  '/workspace/target/debug/build.rs',
];

const go = (hash: string): Promise<void> => goToHash(page, hash);

async function writeFixture(dir: string): Promise<ServerOptions> {
  const fixture = await writeLedger(join(dir, 'fx'), { generation: 'A4', seed: 3, sessionId: '20260302-145040-grph' });
  // Paths where a compromise would persist, written after the session's own file events.
  const db = new Database(fixture.dbPath);
  const ins = db.prepare(
    "INSERT INTO fs_events (event_id, timestamp, action, path, size, kind) VALUES (?, '2026-03-02T14:50:49.000000Z', 'modified', ?, 10, 'file')",
  );
  PERSIST.forEach((p, i) => ins.run(`ddddddddd00${i}`, p));
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { paths: [fixture.sessionDir], sampleDir: findBundledSample() };
}

beforeAll(async () => {
  suite = await startBrowserSuite('graph-browser', { serve: writeFixture });
  ({ server, watched: w, page } = suite);
  fixtureId = ok(server.opened[0]!).id;
  sampleId = ok(await server.service.handle('evidence.openSample', null)).id;
  report = await checkEvidence(server.service.registry.get(fixtureId));
  await page.goto(`${server.origin}/?token=${server.token}#/e/${fixtureId}/graph`);
  await page.waitForSelector('[data-app-state="loaded"]');
});

afterAll(() => suite?.close());

describe('identity graph, lifecycles and file activity in Chromium', () => {
  it('draws exactly the nodes and edges of each trace, broken ones marked and listed', async () => {
    const db = server.service.registry.get(fixtureId).db;
    const traces = listTraces(db).traces;
    await page.waitForSelector('table.traces tbody tr');
    expect(await page.locator('table.traces tbody tr').count()).toBe(traces.length);
    for (const t of traces) {
      const g = buildTraceGraph(db, t.traceId);
      await go(`#/e/${fixtureId}/graph/${encodeURIComponent(t.traceId)}`);
      await page.waitForSelector(`.graph-view[data-trace-id="${t.traceId}"] svg.graph-svg`);
      const drawn = await page.$$eval('svg.graph-svg [data-node-id]', (els) =>
        els.map((e) => `${e.getAttribute('data-node-id')}|${e.getAttribute('data-broken') ?? ''}`),
      );
      const expectedNodes = g.nodes.map((n) => `${n.id}|${n.kind === 'turn' ? '' : String(n.broken)}`);
      expect(drawn.sort()).toEqual(expectedNodes.sort());
      const edges = await page.$$eval('svg.graph-svg [data-edge]', (els) =>
        els.map((e) => `${e.getAttribute('data-edge')}|${e.getAttribute('data-broken')}`),
      );
      expect(edges.sort()).toEqual(g.edges.map((e) => `${e.from}>${e.to}>${e.kind}|${e.broken}`).sort());
      const listed = await page.$$eval('ul[aria-label="broken invariants"] li', (els) =>
        els.map((e) => `${e.getAttribute('data-broken-kind')}:${e.getAttribute('data-node')}`),
      );
      expect(listed).toEqual(g.broken.map((b) => `${b.kind}:${b.nodeId}`));
    }
    // Trace 1 of the writer's session: the MCP tools/list nobody asked for and the response without a call.
    await go(`#/e/${fixtureId}/graph/${encodeURIComponent(traces[1]!.traceId)}`);
    await page.waitForSelector(`.graph-view[data-trace-id="${traces[1]!.traceId}"] svg.graph-svg`);
    expect(await page.getAttribute('[data-edge="tc:6>missing:response:6>response"]', 'data-broken')).toBe('true');
    expect(await page.locator('ul[aria-label="broken invariants"] li').count()).toBe(3);
    expect(w.pageErrors).toEqual([]);
  });

  it('shows a clicked node in the side pane beside the graph, the selection in the URL', async () => {
    await page.click('[data-node-id="tc:4"]');
    // The panel comes first, its fields when the row is read (the fields' list): wait for those before reading them.
    await page.waitForSelector('aside.side-pane[data-pane-sel="row/tool_calls/4"] .row-panel dl.kv');
    expect(new URL(page.url()).hash).toContain(`sel=${encodeURIComponent('row/tool_calls/4')}`);
    expect(await page.locator('aside.side-pane .row-panel').innerText()).toContain('bash');
    expect(await page.locator('svg.graph-svg').isVisible()).toBe(true);
  });

  it('shows one lifecycle row per tool call with the report’s counts', async () => {
    await go(`#/e/${fixtureId}/lifecycle`);
    // The counts come from the summary, made in its own worker after the rows: wait for the view to say they are in.
    await page.waitForSelector('[aria-label="lifecycle counts"][data-counts-loaded="yes"]');
    await page.waitForFunction(() => document.querySelector('[data-rows-total]')?.getAttribute('data-rows-total') !== '');
    const stat = (s: string) => page.locator(`[data-stat="${s}"] b`).innerText();
    expect(Number(await stat('calls'))).toBe(report.tools.calls);
    expect(Number(await stat('orphan-calls'))).toBe(report.tools.orphanCalls);
    expect(Number(await stat('orphan-responses'))).toBe(report.tools.orphanResponses);
    expect(Number(await stat('mcp-without-call'))).toBe(report.tools.mcpWithoutLogicalCall);
    expect(Number(await page.getAttribute('[data-rows-total]', 'data-rows-total'))).toBe(report.tools.calls);
    expect(await page.locator('[role="grid"][aria-label="tool lifecycles"] [role="row"][data-rowkey]').count()).toBe(report.tools.calls);
    const flagged = await page.$$eval(
      '[aria-label="tool lifecycles"] [role="row"][data-rowkey]',
      (rows) => rows.filter((r) => r.textContent?.includes('⚠')).length,
    );
    expect(flagged).toBe(2);
    await page.selectOption('select[aria-label="filter by origin"]', 'mcp');
    await page.waitForFunction(() => document.querySelector('[data-rows-total]')?.getAttribute('data-rows-total') === '2');
    // The lanes come from their own request (lifecycle.lanes): wait until the chart holds the filter's two calls.
    await page.waitForSelector('svg.swimlanes[data-calls="2"]');
    expect(await page.locator('[data-lane]').count()).toBe(2);
  });

  it('shows every overflow window and the held-back sum the report gives', async () => {
    await go(`#/e/${fixtureId}/files`);
    await page.waitForSelector('[data-window]');
    expect(Number(await page.getAttribute('.fs-overflow', 'data-windows'))).toBe(report.overflow.windows);
    expect(Number(await page.getAttribute('.fs-overflow', 'data-held-back'))).toBe(report.overflow.heldBack);
    expect(await page.locator('[data-window]').count()).toBe(report.overflow.windows);
    const held = await page.$$eval('[data-window] td.num', (tds) => tds.reduce((n, td) => n + Number(td.textContent), 0));
    expect(held).toBe(report.overflow.heldBack);
    await page.waitForSelector('svg.fs-timeline .fs-mark');
    await page.waitForSelector('.fs-paths [data-path]');
    expect(Number(await page.getAttribute('[data-persist-total]', 'data-persist-total'))).toBe(PERSIST.length);
    const marked = await page.$$eval('.fs-paths [data-path]', (rows) =>
      rows.filter((r) => r.getAttribute('data-persist') !== '').map((r) => r.getAttribute('data-path')),
    );
    expect(marked.sort()).toEqual([...PERSIST].sort());
    await page.check('text=persistence paths only');
    await page.waitForFunction(
      (n) =>
        document.querySelectorAll('.fs-paths [data-path]').length === n &&
        Array.from(document.querySelectorAll('.fs-paths [data-path]')).every((r) => r.getAttribute('data-persist') !== ''),
      PERSIST.length,
    );
    await shot(page, 'files-02-persistence-only');
    expect(w.pageErrors).toEqual([]);
  });

  it('screenshots each view on the bundled sample', async () => {
    await go(`#/e/${sampleId}/graph`);
    await page.waitForSelector('table.traces tbody tr');
    await shot(page, 'graph-01-traces');
    const traces = listTraces(server.service.registry.get(sampleId).db).traces;
    for (const [i, t] of traces.entries()) {
      await go(`#/e/${sampleId}/graph/${encodeURIComponent(t.traceId)}`);
      await page.waitForSelector(`.graph-view[data-trace-id="${t.traceId}"] svg.graph-svg`);
      await shot(page, `graph-0${i + 2}-trace-${i}`);
    }
    await go(`#/e/${sampleId}/lifecycle`);
    await page.waitForSelector('[aria-label="tool lifecycles"] [role="row"][data-rowkey]');
    await page.waitForSelector('svg.swimlanes');
    await shot(page, 'lifecycle-01');
    await go(`#/e/${sampleId}/files`);
    await page.waitForSelector('[data-window]');
    await page.waitForSelector('.fs-paths [data-path]');
    await shot(page, 'files-01');
    expect(w.pageErrors).toEqual([]);
    expect(w.requests.every((u) => u.startsWith(server.origin))).toBe(true);
  });
});

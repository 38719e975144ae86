/**
 * The Decisions view in Chromium (issue 40): on a writer A4 ledger with planted decisions its groups and counts are
 * the core report's, the denied request's chain shows its rows in the core's order with the decision's transition,
 * the rule JSON folded and each archived payload linked to the side pane, and the view fits 1440×900 and 1024×700
 * with no sideways scroll. Screenshots at both sizes, with a chain open.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecisionsReport, EventChain, EvidenceSummary } from '../../src/shared/contract.js';
import { writeLedger } from '../fixtures/writer/ledger-writer.js';
import type { PlantedDecisions } from '../main/core/decisions/plant-decisions.js';
import { plantDecisions } from '../main/core/decisions/plant-decisions.js';
import { ok, shot, startBrowserSuite } from './harness.js';
import type { BrowserSuite } from './harness.js';

let suite: BrowserSuite;
let page: Page;
let id: string;
let planted: PlantedDecisions;
let report: DecisionsReport;
let chain: EventChain;

beforeAll(async () => {
  suite = await startBrowserSuite('decisions', {
    serve: async (dir) => {
      const w = await writeLedger(join(dir, 'a4'), { generation: 'A4', sessionId: 'decisions-view', journalMode: 'delete' });
      planted = plantDecisions(w.dbPath, w.expected.securityEventIds[0]!);
      return { paths: [w.sessionDir] };
    },
  });
  page = suite.page;
  id = (ok(await suite.server.service.handle('evidence.list', null)) as readonly EvidenceSummary[])[0]!.id;
  report = ok(await suite.server.service.handle('decisions.report', { evidenceId: id })) as DecisionsReport;
  chain = ok(await suite.server.service.handle('decisions.chain', { evidenceId: id, eventId: planted.deniedEventId })) as EventChain;
}, 120_000);
afterAll(() => suite?.close());

async function openDecisions(event: string | null = null): Promise<void> {
  await page.goto(suite.url(`#/e/${id}/decisions${event ? `?event=${encodeURIComponent(event)}` : ''}`));
  await page.waitForSelector(`.decisions-view[data-decisions-ready="${report.groups.length}"]`);
  // Each group draws its rows a chunk per frame: wait until every one is drawn (the view's own count says so).
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('table.dc-table')).every((t) => t.getAttribute('data-rows-drawn') === t.getAttribute('data-rows')),
  );
  if (event) await page.waitForSelector(`.dc-chain[data-chain-ready]`);
}

/** The denied request the writer's security triple decided: its net_events row in the report. */
function deniedRequest(): { table: string; id: number } {
  const e = report.groups.flatMap((g) => g.events).find((x) => x.table === 'net_events' && x.eventId === planted.deniedEventId);
  if (!e) throw new Error('the planted denied request is not in the report');
  return e;
}

describe('the Decisions view', () => {
  it('shows one section per rule group with the core report’s counts by action and its events', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openDecisions();
    const shown = await page.$$eval('section[data-decision-group]', (secs) =>
      secs.map((s) => ({
        rule: s.getAttribute('data-decision-group'),
        total: Number(s.getAttribute('data-total')),
        counts: Array.from(s.querySelectorAll('.dc-count')).map((c) => ({
          action: c.getAttribute('data-action'),
          count: Number(c.getAttribute('data-count')),
        })),
        rows: Array.from(s.querySelectorAll('tr[data-decision-row]')).map((tr) => tr.getAttribute('data-decision-row')),
      })),
    );
    expect(shown).toEqual(
      report.groups.map((g) => ({
        rule: g.rule ?? '',
        total: g.total,
        counts: g.counts.map((c) => ({ action: c.action, count: c.count })),
        rows: g.events.map((e) => `${e.table}/${e.id}`),
      })),
    );
    expect(report.groups.map((g) => g.rule)).toEqual(expect.arrayContaining(['deny-paste-sites', 'block-aws-keys', null]));
    expect(await page.locator('.dc-summary').getAttribute('data-total')).toBe(String(report.total));
    // The group of events that record no rule is named as the CLI names it.
    expect(await page.locator('section[data-decision-group=""] h3').textContent()).toContain('(no rule recorded)');
  });

  it('the denied request’s chain shows its rows in order, with the transition, the rule JSON folded and its payloads', async () => {
    const d = deniedRequest();
    await page.locator(`tr[data-decision-row="${d.table}/${d.id}"] button.dc-chain-btn`).click();
    await page.waitForSelector(`.dc-chain[data-chain-ready="${chain.entries.length}"]`);
    expect(decodeURIComponent(await page.evaluate(() => window.location.hash))).toContain(`/decisions?event=${planted.deniedEventId}`);
    const rows = await page.$$eval('.dc-chain li[data-chain-entry]', (lis) => lis.map((li) => li.getAttribute('data-chain-entry')));
    expect(rows).toEqual(chain.entries.map((e) => `${e.table}/${e.id}`));
    expect(chain.entries.map((e) => e.table)).toEqual([
      'security_rule_events',
      'net_events',
      'security_decision_events',
      'security_ask_events',
      'security_rule_events',
    ]);
    const decision = chain.entries.find((e) => e.table === 'security_decision_events')!;
    const transition = await page.locator(`li[data-chain-entry="security_decision_events/${decision.id}"] .dc-transition`).textContent();
    expect(transition).toContain(
      `${String(decision.fields.previous_decision)} → ${String(decision.fields.requested_decision)} → ${String(decision.fields.effective_decision)}`,
    );
    const stage = page.locator(`li[data-chain-entry="security_decision_events/${decision.id}"] [data-field="stage"] dd`);
    expect(await stage.textContent()).toBe(String(decision.fields.stage));
    // The rule JSON is there, folded: its text is in the page, not on screen until opened.
    const ruleJson = page.locator('.dc-chain details.dc-rule-json').first();
    expect(await ruleJson.getAttribute('open')).toBeNull();
    expect(await ruleJson.locator('pre').isVisible()).toBe(false);
    // Each archived payload is named, and its link opens the body in the side pane.
    const withBodies = chain.entries.filter((e) => (e.bodies?.length ?? 0) > 0);
    expect(await page.locator('.dc-chain [data-chain-body]').count()).toBe(withBodies.reduce((n, e) => n + e.bodies!.length, 0));
    const first = withBodies[0]!;
    await page.locator(`li[data-chain-entry="${first.table}/${first.id}"] [data-chain-body] a`).first().click();
    await page.waitForSelector(`aside.side-pane .pane-body-view[data-body-shown="${first.table}/${first.bodies![0]!.direction}"]`);
    // The chain stays where it was, beside the pane.
    expect(await page.locator(`.dc-chain[data-chain-ready="${chain.entries.length}"]`).count()).toBe(1);
  });

  it('g d goes to the Decisions view', async () => {
    await page.goto(suite.url(`#/e/${id}/overview`));
    await page.waitForSelector('.app[data-view="overview"]');
    await page.keyboard.press('g');
    await page.keyboard.press('d');
    await page.waitForSelector(`.decisions-view[data-decisions-ready="${report.groups.length}"]`);
    expect(await page.evaluate(() => window.location.hash)).toBe(`#/e/${id}/decisions`);
  });

  it('an event id is the app’s id link: it opens the event in the side pane', async () => {
    await openDecisions();
    const d = deniedRequest();
    await page.locator(`tr[data-decision-row="${d.table}/${d.id}"] a.id-link[data-id-column="event_id"]`).click();
    await page.waitForSelector(`aside.side-pane[data-pane-sel="event/${planted.deniedEventId}"]`);
    expect(await page.locator('.decisions-view').count()).toBe(1);
  });

  it('a decided request’s side pane, anywhere, links to its decision chain', async () => {
    const d = deniedRequest();
    await page.goto(suite.url(`#/e/${id}/tables/${d.table}?sel=${encodeURIComponent(`row/${d.table}/${d.id}`)}`));
    await page.locator(`aside.side-pane a[data-policy-chain="${planted.deniedEventId}"]`).click();
    await page.waitForSelector(`.dc-chain[data-chain-ready="${chain.entries.length}"]`);
    expect(await page.evaluate(() => decodeURIComponent(window.location.hash))).toContain(`/decisions?event=${planted.deniedEventId}`);
  });

  it('fits both window sizes, a chain open or not, without a sideways scroll', async () => {
    const sizes = [
      [1440, 900],
      [1024, 700],
    ] as const;
    // The groups first at both sizes, then a chain (which scrolls itself into sight) at both.
    for (const event of [null, planted.deniedEventId]) {
      for (const [width, height] of sizes) {
        await page.setViewportSize({ width, height });
        await openDecisions(event);
        await shot(page, `decisions-${event ? '02-chain' : '01'}-${width}`);
        // The page's own scroll area does not scroll sideways: no column is cut off or hidden past the edge.
        expect(await page.$eval('main.content', (m) => m.scrollWidth - m.clientWidth)).toBeLessThanOrEqual(0);
      }
    }
    // With a chain open and a payload shown in the side pane at the small size, still nothing sideways.
    const first = chain.entries.find((e) => (e.bodies?.length ?? 0) > 0)!;
    await page.locator(`li[data-chain-entry="${first.table}/${first.id}"] [data-chain-body] a`).first().click();
    await page.waitForSelector(`aside.side-pane .pane-body-view[data-body-shown="${first.table}/${first.bodies![0]!.direction}"]`);
    await shot(page, 'decisions-03-pane-1024');
    expect(await page.$eval('main.content', (m) => m.scrollWidth - m.clientWidth)).toBeLessThanOrEqual(0);
    expect(suite.watched.pageErrors).toEqual([]);
  });
});

/**
 * The Egress view in Chromium (issue 40): on a writer A4 ledger its rows are the core report's destinations, the
 * destination whose credential went to another provider's host carries the mark and the report's sentence, and a
 * count opens the Tables view filtered to exactly the rows it counts. On a ledger with a token planted in its net
 * bodies, the secrets scan flags each destination with the core's counts. Screenshots at 1440×900 and 1024×700.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EgressDestination, EgressReport, EvidenceSummary } from '../../src/shared/contract.js';
import { SECRET_PATTERNS } from '../../src/main/core/match/secret-patterns.js';
import type { ContentBody } from '../fixtures/writer/content-types.js';
import { writeLedger } from '../fixtures/writer/ledger-writer.js';
import { ok, shot, startBrowserSuite } from './harness.js';
import type { BrowserSuite } from './harness.js';

let suite: BrowserSuite;
let page: Page;
let id: string;
let report: EgressReport;
let plantedId: string;

const GITHUB = SECRET_PATTERNS.find((p) => p.name === 'github-token')!.example;
function plant(b: ContentBody): Uint8Array {
  if (b.key.sourceTable !== 'net_events') return b.bytes;
  return Buffer.concat([b.bytes, Buffer.from(`\nAuthorization: token ${GITHUB}\n`)]);
}

const label = (d: EgressDestination): string => `${d.domain ?? '(no domain)'}:${d.port ?? '?'}`;

beforeAll(async () => {
  suite = await startBrowserSuite('egress', {
    serve: async (dir) => ({
      paths: [
        (await writeLedger(join(dir, 'a4'), { generation: 'A4', sessionId: 'egress-view' })).sessionDir,
        (await writeLedger(join(dir, 'planted'), { generation: 'A4', sessionId: 'egress-planted', plant })).sessionDir,
      ],
    }),
  });
  page = suite.page;
  const listed = ok(await suite.server.service.handle('evidence.list', null)) as readonly EvidenceSummary[];
  id = listed.find((e) => e.sessionId === 'egress-view')!.id;
  plantedId = listed.find((e) => e.sessionId === 'egress-planted')!.id;
  report = ok(await suite.server.service.handle('egress.report', { evidenceId: id })) as EgressReport;
}, 120_000);
afterAll(() => suite?.close());

async function openEgress(): Promise<void> {
  await page.goto(suite.url(`#/e/${id}/egress`));
  await page.waitForSelector(`.egress-view[data-egress-ready="${report.destinations.length}"]`);
}

describe('the Egress view', () => {
  it('lists the core report’s destinations, most requests first, with their counts', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openEgress();
    const rows = await page.$$eval('tr[data-destination]', (trs) =>
      trs.map((tr) => ({
        destination: tr.getAttribute('data-destination'),
        requests: tr.querySelector('[data-count-link="requests"]')?.textContent ?? tr.children[1]?.textContent,
      })),
    );
    const expected = [...report.destinations]
      .sort((a, b) => b.requests - a.requests)
      .map((d) => ({ destination: label(d), requests: d.requests.toLocaleString('en-US') }));
    expect(rows).toEqual(expected);
    expect(await page.locator('.eg-totals').getAttribute('data-total-requests')).toBe(String(report.totals.requests));
  });

  it('marks the destination whose credential went to a host that is not its provider’s, with the report’s sentence', async () => {
    const foreign = report.destinations.filter((d) => d.credentialElsewhere);
    expect(foreign.length).toBeGreaterThan(0);
    for (const d of foreign) {
      const row = page.locator(`tr[data-destination="${label(d)}"]`);
      expect(await row.getAttribute('data-credential-elsewhere')).toBe('1');
      expect(await row.locator('.eg-mark').count()).toBe(1);
      const why = d.credentials!.find((c) => c.verdict === 'elsewhere')!.why!;
      expect(
        await page
          .locator(`tr.eg-foreign[data-foreign-for="${label(d)}"]`)
          .first()
          .textContent(),
      ).toContain(why);
    }
    const own = report.destinations.filter((d) => !d.credentialElsewhere);
    for (const d of own) expect(await page.locator(`tr[data-destination="${label(d)}"] .eg-mark`).count()).toBe(0);
  });

  it('a count opens the Tables view filtered to the rows it counts', async () => {
    const d = [...report.destinations].sort((a, b) => b.decisions!.allowed - a.decisions!.allowed)[0]!;
    await page.locator(`tr[data-destination="${label(d)}"] [data-count-link="allowed"]`).click();
    await page.waitForSelector(`.match-count[data-match-count="${d.decisions!.allowed}"]`);
    const hash = decodeURIComponent(await page.evaluate(() => window.location.hash));
    expect(hash).toContain('/tables/net_events?');
    expect(hash).toContain(`f=domain~eq~${d.domain}`);
    expect(hash).toContain('f=decision~eq~allowed');
  });

  it('sorts by a column when its header is clicked', async () => {
    await openEgress();
    await page.locator('button.th-sort[data-sort="destination"]').click();
    const shown = await page.$$eval('tr[data-destination]', (trs) => trs.map((tr) => tr.getAttribute('data-destination')));
    expect(shown).toEqual([...shown].sort());
  });

  it('fits both window sizes without cut columns or a scroll area of its own', async () => {
    for (const [width, height] of [
      [1440, 900],
      [1024, 700],
    ] as const) {
      await page.setViewportSize({ width, height });
      await openEgress();
      await shot(page, `egress-01-${width}`);
      // The page's own scroll area does not scroll sideways: no column is cut off or hidden past the edge.
      const sideways = await page.$eval('main.content', (m) => m.scrollWidth - m.clientWidth);
      expect(sideways).toBeLessThanOrEqual(0);
    }
    expect(suite.watched.pageErrors).toEqual([]);
  });

  it('the secrets scan flags each destination with the core’s counts, on a click', async () => {
    const scanned = ok(await suite.server.service.handle('egress.report', { evidenceId: plantedId, secrets: true })) as EgressReport;
    const plain = ok(await suite.server.service.handle('egress.report', { evidenceId: plantedId })) as EgressReport;
    for (const [width, height] of [
      [1440, 900],
      [1024, 700],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(suite.url(`#/e/${plantedId}/egress`));
      await page.waitForSelector(`.egress-view[data-egress-ready="${plain.destinations.length}"]`);
      // The scan is asked for once; the view keeps its answer while it stays open (the second size only redraws it).
      if (width === 1440) {
        expect(await page.locator('tr[data-secrets-found]').count()).toBe(0);
        await page.getByRole('button', { name: 'Search bodies for credentials' }).click();
      }
      await page.waitForSelector('.eg-scan[data-secrets-scan="done"]');
      for (const d of scanned.destinations) {
        const found = Object.values(d.secrets!).reduce((n, c) => n + c, 0);
        const row = page.locator(`tr[data-destination="${label(d)}"]`);
        expect(await row.getAttribute('data-secrets-found')).toBe(found > 0 ? String(found) : null);
      }
      expect(await page.locator('.eg-scan').textContent()).toContain(`Searched ${scanned.secretsScan!.bodiesSearched} verified bodies`);
      expect(await page.locator('main.content').textContent()).not.toContain(GITHUB);
      await shot(page, `egress-02-secrets-${width}`);
    }
    expect(suite.watched.pageErrors).toEqual([]);
  });
});

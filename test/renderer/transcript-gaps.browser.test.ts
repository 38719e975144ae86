/**
 * Gaps where they happen, in Chromium against serve mode (issue 38): a line whose row has a gap shows an amber mark
 * with the report's sentence (its title the same words), and a turn's header its coverage line. Screenshots at
 * 1440×900 and 1024×700 go to test-artifacts/screenshots.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcriptPage } from '../../src/main/core/transcript/transcript-page.js';
import type { TranscriptLine } from '../../src/shared/contract/transcript.js';
import type { RunningServer } from '../../src/main/serve/server.js';
import { writeLedger } from '../fixtures/writer/ledger-writer.js';
import { goToHash, ok, shot, startBrowserSuite } from './harness.js';
import type { BrowserSuite } from './harness.js';

let suite: BrowserSuite;
let server: RunningServer;
let page: Page;
let fixtureId: string;

beforeAll(async () => {
  suite = await startBrowserSuite('transcript-gaps-browser', {
    serve: async (dir) => {
      const fixture = await writeLedger(join(dir, 'fx'), { generation: 'A4', seed: 3, sessionId: '20260302-145040-gaps' });
      // Beside the writer's own cut bodies: headers cut on the first traced request, so one line carries two kinds.
      const db = new Database(fixture.dbPath);
      db.exec('UPDATE net_events SET headers_truncated = 1 WHERE id = (SELECT MIN(id) FROM net_events WHERE trace_id IS NOT NULL)');
      db.close();
      return { paths: [fixture.sessionDir] };
    },
  });
  ({ server, page } = suite);
  fixtureId = ok(server.opened[0]!).id;
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(suite.url(`#/e/${fixtureId}/graph`));
  await page.waitForSelector('[data-app-state="loaded"]');
});

afterAll(() => suite?.close());

/** The first line of the session's transcript that carries a gap of this kind, as the core tells it. */
function firstWith(kind: string): TranscriptLine {
  const lines = transcriptPage(server.service.registry.get(fixtureId), { limit: 500 }).lines;
  const l = lines.find((x) => x.gaps.some((g) => g.kind === kind));
  if (!l) throw new Error(`no line with ${kind}`);
  return l;
}

/** Scrolls the transcript down a screen at a time until `selector` is drawn (only a window of lines is in the DOM). */
async function drawn(selector: string, fromTop = false): Promise<void> {
  await page.waitForSelector('.transcript-scroll article.tl');
  if (fromTop) {
    await page.$eval('.transcript-scroll', (el) => el.scrollTo(0, 0));
    // The list draws the top of the transcript on the scroll event that follows: until then the lines on screen are
    // those of where it was, and looking among them would scroll on down, past the line sought.
    await page.waitForSelector('.transcript-scroll article.tl[data-seq="0"]');
  }
  for (let i = 0; i < 400; i++) {
    // Lines scrolled into view are drawn once their page arrives: look only then, or a line still pending reads as
    // absent and the loop scrolls on past it.
    await page.waitForFunction(() => !document.querySelector('.transcript-scroll .tl-pending'));
    const found = page.locator(selector);
    if ((await found.count()) > 0) {
      // A resize, a scroll or a page asked again redraws the window: a line found may be replaced before it is
      // scrolled to. Then look again from here; scrolling on would leave it behind for good (the loop only goes down).
      const shown = await found
        .first()
        .scrollIntoViewIfNeeded({ timeout: 2000 })
        .then(
          () => true,
          () => false,
        );
      if (!shown) continue;
      await page.waitForFunction(() => !document.querySelector('.tl-pending'));
      return;
    }
    await page.$eval('.transcript-scroll', (el) => el.scrollBy(0, el.clientHeight * 0.8));
    await page.waitForTimeout(50);
  }
  throw new Error(`${selector} was never drawn`);
}

const review = (name: string): Promise<void> => shot(page, name);

describe('gap marks in the transcript', () => {
  it('marks a cut body on its line with the report sentence, its title the same words, and the turn its coverage', async () => {
    const cut = firstWith('BODY_CUT');
    const says = cut.gaps.find((g) => g.kind === 'BODY_CUT')!.says;
    await goToHash(page, `#/e/${fixtureId}/transcript/${encodeURIComponent(cut.traceId!)}`);
    const lineAt = `article.tl[data-row="${cut.row!.table}:${cut.row!.rowid}"]`;
    const line = page.locator(lineAt);
    await drawn(lineAt);
    const mark = line.locator('.gap-mark[data-gap="BODY_CUT"]');
    expect(await mark.count()).toBe(1);
    expect((await mark.textContent())!.replace(/^gap/, '')).toBe(says);
    expect(await mark.getAttribute('title')).toBe(says);
    // Its turn's header carries the coverage line, in the core's words.
    const turn = transcriptPage(server.service.registry.get(fixtureId), { traceId: cut.traceId!, limit: 500 }).lines.find(
      (l) => l.kind === 'turn' && l.turnId === cut.turnId,
    )!;
    const headerAt = `article.tl-turn[data-seq="${turn.seq}"] .tl-coverage`;
    const header = page.locator(headerAt);
    await drawn(headerAt, true);
    expect((await header.textContent())!.replace(/^coverage/, '')).toBe(turn.coverage!.says);
    // And, where its rows went out to the network, what left during the turn, in the core's words.
    const egressTurn = transcriptPage(server.service.registry.get(fixtureId), { traceId: cut.traceId!, limit: 500 }).lines.find(
      (l) => l.kind === 'turn' && l.egress !== null,
    )!;
    const egressAt = `article.tl-turn[data-seq="${egressTurn.seq}"] [data-egress]`;
    await drawn(egressAt, true);
    expect(await page.locator(egressAt).getAttribute('title')).toBe(egressTurn.egress!.says);
    expect(await page.locator(`${egressAt} a`).getAttribute('href')).toBe(`#/e/${fixtureId}/egress`);
    // Lines without a gap draw no mark.
    const unmarked = await page.$$eval('article.tl:not(.tl-has-gap)', (els) => els.filter((e) => e.querySelector('.gap-mark')).length);
    expect(unmarked).toBe(0);
    for (const [wd, ht] of [
      [1440, 900],
      [1024, 700],
    ] as const) {
      await page.setViewportSize({ width: wd, height: ht });
      await drawn(lineAt, true);
      await page.waitForTimeout(100);
      await review(`transcript-gaps-01-cut-body-${wd}x${ht}`);
      await drawn(headerAt, true);
      await page.$eval('.transcript-scroll', (el) => el.scrollBy(0, -8));
      await page.waitForTimeout(100);
      await review(`transcript-gaps-02-turn-coverage-${wd}x${ht}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('shows two kinds on one line each once: headers cut beside the body marks of the same request', async () => {
    const l = firstWith('HEADERS_CUT');
    await goToHash(page, `#/e/${fixtureId}/transcript/${encodeURIComponent(l.traceId!)}`);
    const lineAt = `article.tl[data-row="${l.row!.table}:${l.row!.rowid}"]`;
    const line = page.locator(lineAt);
    await drawn(lineAt, true);
    expect(await line.locator('.gap-mark').evaluateAll((els) => els.map((e) => e.getAttribute('data-gap')))).toEqual(
      l.gaps.map((g) => g.kind),
    );
    await page.waitForTimeout(100);
    await review('transcript-gaps-03-headers-cut-1440x900');
  });
});

// The Integrity view in Chromium against serve mode. Ids inside the findings' text are real links to their rows.
// The credentials section, on a ledger with a GitHub token planted in
// every net_events request (none goes to GitHub) and echoed in every response: a click searches the bodies, the list
// shows each one masked, worst first (sent to a host that is not its provider), with its host and a link to the body at
// the match, and the report's findings gain the CREDENTIALS_SENT_ELSEWHERE warning, first among the warnings.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessVerifyRunner } from '../../../../src/main/core/jobs/verify-runner.js';
import { SECRET_PATTERNS } from '../../../../src/main/core/match/secret-patterns.js';
import type { ContentBody } from '../../../fixtures/writer/content-types.js';
import { writeLedger, type WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { BrowserSuite } from '../../harness.js';
import { shot, startBrowserSuite } from '../../harness.js';

const TOKEN = SECRET_PATTERNS.find((p) => p.name === 'github-token')!.example;
let suite: BrowserSuite;
let page: Page;
let ledger: WrittenLedger;
let evId: string;

function plant(b: ContentBody): Uint8Array {
  if (b.key.sourceTable !== 'net_events') return b.bytes;
  return Buffer.concat([b.bytes, Buffer.from(`\nAuthorization: token ${TOKEN}\n`)]);
}

beforeAll(async () => {
  suite = await startBrowserSuite('integrity-secrets', {
    serve: async (dir) => {
      ledger = await writeLedger(join(dir, 'l'), { generation: 'A4', seed: 11, sessionId: '20260302-150000-se00', plant });
      return { paths: [ledger.sessionDir], verifyRunner: inProcessVerifyRunner, backgroundWorkers: null };
    },
  });
  page = suite.page;
  const first = suite.server.opened[0]!;
  if (!first.ok) throw new Error(first.error.message);
  evId = first.value.id;
});

afterAll(() => suite?.close());

describe('Integrity view: credentials', () => {
  it('lists planted credentials masked, worst first, linked to the body at the match, and adds the warning', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(suite.url(`#/e/${evId}/integrity`));
    await page.waitForSelector('.secrets[data-state="idle"]');
    await page.getByRole('button', { name: 'Search bodies for credentials' }).click();
    await page.waitForSelector('.secrets[data-state="done"]');

    const net = ledger.bodies.filter((b) => b.key.sourceTable === 'net_events');
    const requests = net.filter((b) => b.key.direction === 'request');
    const verdicts = await page.locator('.secrets-list tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-verdict')));
    expect(verdicts).toHaveLength(net.length);
    expect(verdicts.filter((v) => v === 'elsewhere')).toHaveLength(requests.length);
    expect(verdicts.filter((v) => v === 'inbound')).toHaveLength(net.length - requests.length);
    // Worst first: every "elsewhere" row comes before any other.
    expect(verdicts.slice(0, requests.length).every((v) => v === 'elsewhere')).toBe(true);

    // Masked everywhere on the page: first and last characters kept, never the whole value.
    expect(await page.content()).not.toContain(TOKEN);
    const masked = await page.locator('.secrets-list tbody tr td.mono').first().textContent();
    expect(masked).toBe(`${TOKEN.slice(0, 4)}…${TOKEN.slice(-4)} (${TOKEN.length} bytes)`);

    // The warning the section adds leads the warnings.
    await expect(page.locator('.findings.warning .finding .code').first().textContent()).resolves.toBe('CREDENTIALS_SENT_ELSEWHERE');

    // The first row's place is a link to that request body at the match.
    const link = page.locator('.secrets-list tbody tr').first().locator('a');
    const target = await link.getAttribute('href');
    const parts = /^#\/e\/[^/]+\/event\/([0-9a-f]+)\?(.*)$/.exec(target ?? '');
    expect(parts, `href ${target}`).not.toBeNull();
    const q = new URLSearchParams(parts![2]);
    expect(q.get('body')).toBe('net_events/request');
    const span = /^(\d+)\+(\d+)$/.exec(q.get('at') ?? '');
    expect(span, `at= of ${target}`).not.toBeNull();
    const body = requests.find((b) => b.key.eventId === parts![1]);
    expect(body).toBeDefined();
    const offset = Number(span![1]);
    expect(
      Buffer.from(body!.bytes)
        .subarray(offset, offset + Number(span![2]))
        .toString(),
    ).toBe(TOKEN);

    await shot(page, 'integrity-secrets-1440');
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.locator('.secrets').scrollIntoViewIfNeeded();
    await shot(page, 'integrity-secrets-1024');
  });

  it("links the ids in a finding's evidence to their rows, and a link opens the row", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(suite.url(`#/e/${evId}/integrity`));
    const orphan = page.locator('.finding', { has: page.locator('.code', { hasText: 'ORPHAN_TOOL_CALLS' }) });
    await orphan.waitFor();
    // The table name in the message itself links to the table.
    await expect(orphan.locator('> div a[data-in-message]').first().getAttribute('href')).resolves.toBe(`#/e/${evId}/tables/tool_calls`);
    await orphan.locator('summary').click();
    const line = orphan.locator('li.mono').first();
    const text = (await line.textContent()) ?? '';
    // "tool_calls <rowid> (event_id <id>) ...": the row and the event are links with their routes as href.
    const m = /^tool_calls (\d+) \(event_id ([0-9a-f]+)\)/.exec(text);
    expect(m, text).not.toBeNull();
    const hrefs = await line.locator('a[data-in-message]').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(hrefs).toContainEqual([`tool_calls ${m![1]}`, `#/e/${evId}/row/tool_calls/${m![1]}`]);
    expect(hrefs).toContainEqual([m![2], `#/e/${evId}/event/${m![2]}`]);
    await shot(page, 'integrity-message-links-1440');
    await line.locator('a[data-in-message]').first().click();
    await page.waitForFunction((want) => location.hash === want, `#/e/${evId}/row/tool_calls/${m![1]}`);
    // The row view shows that row: its event_id is the one the evidence named.
    await page.getByText(m![2]!).first().waitFor();
  });
});

/**
 * Serve mode's "Export WARC" in Chromium (issue 35). The Integrity view's button asks the server to export; the
 * download link appears only once the server re-read the file and checked every record (data-warc-state="ready"), and
 * the file Chromium saves is the one `capsem-inspect export-warc` writes for the same ledger, record for record
 * (same-export.ts says what two runs may differ in: the export id and date each draws). A ledger with a corrupt body
 * exports with that body skipped, as the CLI's does; one whose archive is missing shows the export's refusal by name.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/commands/export-warc.js';
import { captureIo } from '../../src/cli/io.js';
import type { WrittenLedger } from '../fixtures/writer/ledger-writer.js';
import { writeLedger } from '../fixtures/writer/ledger-writer.js';
import { expectSameExport } from '../main/core/warc/same-export.js';
import type { BrowserSuite } from './harness.js';
import { ok, shot, startBrowserSuite } from './harness.js';

let suite: BrowserSuite;
let page: Page;
let healthy: WrittenLedger;
let corrupt: WrittenLedger;
let noArchive: WrittenLedger;
const ids = new Map<WrittenLedger, string>();

beforeAll(async () => {
  suite = await startBrowserSuite('warc-export', {
    serve: async (dir) => {
      [healthy, corrupt, noArchive] = await Promise.all([
        writeLedger(join(dir, 'healthy'), { generation: 'A4', seed: 11 }),
        writeLedger(join(dir, 'corrupt'), { generation: 'A4', seed: 12, damage: 'flip-payload-byte' }),
        writeLedger(join(dir, 'no-archive'), { generation: 'A4', seed: 13, damage: 'missing-archive' }),
      ]);
      mkdirSync(join(dir, 'scratch'));
      return { paths: [], sampleDir: null, openOptions: { scratchRoot: join(dir, 'scratch') } };
    },
  });
  page = suite.page;
  for (const w of [healthy, corrupt, noArchive]) ids.set(w, ok(await suite.server.service.openPaths([w.sessionDir], 'path')).id);
});
afterAll(async () => {
  await suite?.close();
});

/** Opens the ledger's Integrity view and clicks Export WARC; resolves once the page shows how the export ended. */
async function exportFromPage(w: WrittenLedger): Promise<string | null> {
  await page.goto('about:blank');
  await page.goto(suite.url(`#/e/${ids.get(w)!}/integrity`));
  await page.click('.integrity .toolbar [data-testid="export-warc"]');
  const status = page.locator('.warc-export:not([data-warc-state="exporting"])');
  await status.waitFor();
  return status.getAttribute('data-warc-state');
}

/** Downloads the offered file in Chromium and compares it with the CLI's export of the same ledger. */
async function downloadAndCompare(w: WrittenLedger, name: string): Promise<{ records: number; served: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="warc-download"]')]);
  expect(download.suggestedFilename()).toBe(`${w.sessionId}.warc.gz`);
  const served = readFileSync(await download.path());
  const cliFile = join(suite.dir, `${name}-cli.warc.gz`);
  const io = captureIo();
  expect(await run([w.sessionDir, '-o', cliFile], io), io.err).toBe(0);
  return { records: await expectSameExport(served, readFileSync(cliFile)), served };
}

describe('Export WARC in serve mode', () => {
  it('offers the download only once verified, and Chromium saves the file export-warc writes', async () => {
    expect(await exportFromPage(healthy)).toBe('ready');
    await shot(page, 'warc-export-ready');
    const { records, served } = await downloadAndCompare(healthy, 'healthy');
    expect(records).toBe(healthy.bodies.length);
    // The digest the page showed is the saved file's.
    const sha256 = createHash('sha256').update(served).digest('hex');
    expect(await page.locator('.warc-export .mono').first().textContent()).toBe(sha256);
    expect(await page.locator('.warc-export').textContent()).toContain(
      `${records} of ${records} bodies, each checked against its hash as it was written, none skipped`,
    );
  });

  it('skips a body that fails its hash, as the CLI does, and says so', async () => {
    expect(await exportFromPage(corrupt)).toBe('ready');
    const skipped = corrupt.damage!.affected.length;
    expect(skipped).toBeGreaterThan(0);
    const { records } = await downloadAndCompare(corrupt, 'corrupt');
    expect(records).toBe(corrupt.bodies.length - skipped);
    expect(await page.locator('.warc-export').textContent()).toContain(`${skipped} skipped`);
  });

  it('names the refusal of an archive that cannot be read, and offers nothing', async () => {
    expect(await exportFromPage(noArchive)).toBe('failed');
    expect(await page.locator('.warc-export .error-note .code').textContent()).toBe('ARCHIVE_MISSING');
    expect(await page.locator('[data-testid="warc-download"]').count()).toBe(0);
    expect(suite.watched.pageErrors).toEqual([]);
  });
});

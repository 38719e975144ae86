/**
 * Browser-test harness: builds the renderer when needed, starts serve mode on fixture ledgers, drives Debian's
 * Chromium with playwright-core, and records every request, dialog and page error.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';

export const ROOT = join(import.meta.dirname, '..', '..');
export const RENDERER_DIR = join(ROOT, 'build', 'renderer');
export const SHOTS = join(ROOT, 'test-artifacts', 'screenshots');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    newest = Math.max(newest, st.isDirectory() ? newestMtime(p) : st.mtimeMs);
  }
  return newest;
}

/** Builds build/renderer when it is missing or older than the renderer or shared sources. */
export function ensureRendererBuilt(): void {
  const index = join(RENDERER_DIR, 'index.html');
  const sources = Math.max(newestMtime(join(ROOT, 'src', 'renderer')), newestMtime(join(ROOT, 'src', 'shared')));
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  // NODE_ENV=production whatever this process has: vitest sets NODE_ENV=test, and Vite then bundles React's
  // development build (warnings, checks; 538 kB instead of 337 kB, table frames at p95 50 ms instead of 17 ms), which
  // the browser tests and the benchmark would then measure instead of what ships.
  execFileSync('npx', ['vite', 'build', '--config', 'vite.renderer.config.ts', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    // The flags the machine notes give, and one more: no host name but loopback resolves, so a page that asked
    // anything of another host would get nothing (tests and the bench also record every request and check it).
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
  });
}

export interface Watched {
  readonly page: Page;
  /** Every request URL the page made. */
  readonly requests: string[];
  readonly dialogs: string[];
  readonly pageErrors: string[];
  readonly consoleErrors: string[];
}

export async function watchedPage(browser: Browser, origin: string): Promise<Watched> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  const w: Watched = { page, requests: [], dialogs: [], pageErrors: [], consoleErrors: [] };
  page.on('request', (r) => w.requests.push(r.url()));
  page.on('dialog', (d) => {
    w.dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('pageerror', (e) => w.pageErrors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && w.consoleErrors.push(m.text()));
  // Anything not our origin is refused at the network layer too, so a leak is recorded and never leaves.
  await page.route((url) => !url.href.startsWith(origin), (route) => route.abort());
  return w;
}

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/**
 * The browser tests' one harness: builds the renderer when needed, starts serve mode on fixture ledgers, drives
 * Debian's Chromium with playwright-core, records every request, dialog and page error, and tears it all down.
 * A test file starts with `startBrowserSuite` in its beforeAll and ends with the suite's `close` in its afterAll.
 *
 * Waits follow the app's own signals (an element, an attribute, a server-side promise), never a wall-clock budget:
 * every page the harness opens waits without Playwright's 30 s default, so on a loaded machine a slow background
 * check only makes a test slower, and vitest's test timeout is the one clock that ends a test that truly hangs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import type { RunningServer, ServerOptions } from '../../src/main/serve/server.js';
import { startServer } from '../../src/main/serve/server.js';

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
  execFileSync('npx', ['vite', 'build', '--config', 'vite.renderer.config.ts', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    // The flags the machine notes give, and one more: no host name but loopback resolves, so a page that asked
    // anything of another host would get nothing (tests and the bench also record every request and check it).
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
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
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  // No budget of Playwright's own: a wait ends when the app shows what it waits for (see the header).
  page.setDefaultTimeout(0);
  const w: Watched = { page, requests: [], dialogs: [], pageErrors: [], consoleErrors: [] };
  page.on('request', (r) => w.requests.push(r.url()));
  page.on('dialog', (d) => {
    w.dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('pageerror', (e) => w.pageErrors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && w.consoleErrors.push(m.text()));
  // Anything not our origin is refused at the network layer too, so a leak is recorded and never leaves.
  await page.route(
    (url) => !url.href.startsWith(origin),
    (route) => route.abort(),
  );
  return w;
}

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** A Result's value, or the test fails with its code and message. */
export const ok = <T>(r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};

/**
 * Resolves once `cond` holds, asking every `everyMs`: for a fact the server side records (a call made, a job
 * started) that the page does not show. No budget: the test's timeout ends a wait that never comes true.
 */
export async function until(cond: () => boolean | Promise<boolean>, everyMs = 20): Promise<void> {
  while (!(await cond())) await new Promise((r) => setTimeout(r, everyMs));
}

/** Sends the watched page to `hash` by setting location.hash (the app's router follows; no reload). */
export async function goToHash(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => {
    window.location.hash = h;
  }, hash);
}

/** One test file's serve mode, Chromium and watched page. */
export interface BrowserSuite {
  /** A temporary folder for the file's fixtures, removed by close(). */
  readonly dir: string;
  readonly server: RunningServer;
  readonly browser: Browser;
  readonly watched: Watched;
  readonly page: Page;
  /** The app's URL with the token, at `hash` (e.g. `#/e/<id>/overview`). */
  url(hash?: string): string;
  /** Closes the browser and the server, runs the file's own cleanup, removes the folder. */
  close(): Promise<void>;
}

export interface BrowserSuiteOptions {
  /** Writes the file's fixtures into `dir` and says how to start serve mode on them (rendererDir is filled in). */
  readonly serve: (dir: string) => ServerOptions | Promise<ServerOptions>;
  /** More to close after the browser and the server (e.g. a background host of the file's own). */
  readonly cleanup?: () => void | Promise<void>;
}

/**
 * Builds the renderer if needed, makes a temporary folder (named after `name`), starts serve mode as `serve` says,
 * launches Chromium and opens a watched page on the server's origin. If any step fails, what was started is closed.
 */
export async function startBrowserSuite(name: string, options: BrowserSuiteOptions): Promise<BrowserSuite> {
  ensureRendererBuilt();
  const dir = mkdtempSync(join(tmpdir(), `capsem-${name}-`));
  let server: RunningServer | null = null;
  let browser: Browser | null = null;
  const close = async (): Promise<void> => {
    await browser?.close();
    await server?.close();
    await options.cleanup?.();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    server = await startServer({ rendererDir: RENDERER_DIR, ...(await options.serve(dir)) });
    browser = await launchChromium();
    const watched = await watchedPage(browser, server.origin);
    const running = server;
    return {
      dir,
      server: running,
      browser,
      watched,
      page: watched.page,
      url: (hash = '#/') => `${running.origin}/?token=${running.token}${hash}`,
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}

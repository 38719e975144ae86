/**
 * UI part 1's hostile corpus everywhere else: a ledger whose tool names, arguments, call ids, previews, domains,
 * paths, commands, models, providers, trace/turn ids and security rule ids are script/markup/bidi/ANSI payloads,
 * in a folder named by one, listed in a Capsem home whose host ledger carries more. Every view is walked in
 * Chromium against serve mode: no script runs, no dialog, no request or navigation off the origin, no page
 * error, no CSP violation, no element made from evidence markup; the hostile text is shown as text.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTraceGraph } from '../../src/main/core/graph/trace-graph.js';
import { listTraces } from '../../src/main/core/traces/traces.js';
import { visibleText } from '../../src/renderer/src/components/visible-text.js';
import type { RunningServer } from '../../src/main/serve/server.js';
import type { BrowserSuite, Watched } from './harness.js';
import { goToHash, ok, shot, startBrowserSuite, watchedPage } from './harness.js';
import type { HostileHome } from './hostile-ledger/hostile-home.js';
import { HOSTILE_HOME_SESSIONS, writeHostileHome } from './hostile-ledger/hostile-home.js';
import { HOSTILE_SESSION_ID } from './hostile-ledger/hostile-session-ledger.js';
import type { AuditWatch, LayoutReport } from './hostile-ledger/page-audit.js';
import { auditDom, installAudit, measureLayout } from './hostile-ledger/page-audit.js';

let suite: BrowserSuite;
let home: HostileHome;
let browser: Browser;
let server: RunningServer;
let w: Watched;
let audit: AuditWatch;
let page: Page;
let ev: string;
let libId: string;
/** Per view: how its layout held up with the long hostile strings (printed at the end, for the report). */
const layouts: { view: string; layout: LayoutReport }[] = [];

const enc = encodeURIComponent;
/**
 * Text checks compare what a reader sees: hidden characters (bidi, zero-width, controls, ANSI) named by their
 * markers, a prefix only (grid cells show one line of at most 300 characters).
 */
const head = (s: string): string => visibleText(s).slice(0, 48);
const RLO = '⟨RLO U+202E⟩';
const first = <K>(m: ReadonlyMap<K, string>): string => [...m.values()].find((v) => !v.includes('\u0000'))!;

const go = (hash: string): Promise<void> => goToHash(page, hash);

/**
 * Every text node, title and aria-label on the page holding a character a reader cannot see or that reorders
 * what they see (bidi controls, zero-width, C0/C1 controls incl. ESC): none may reach the screen raw.
 */
async function rawHidden(): Promise<string[]> {
  return page.evaluate(() => {
    const hidden = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;
    const found: string[] = [];
    const name = (el: Element | null): string =>
      el
        ? `<${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ').join('.')}` : ''}>`
        : '?';
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (n.parentElement?.closest('textarea, script, style')) continue;
      if (hidden.test(n.nodeValue ?? '')) found.push(`${name(n.parentElement)} ${JSON.stringify((n.nodeValue ?? '').slice(0, 60))}`);
    }
    for (const el of Array.from(document.querySelectorAll('[title], [aria-label], optgroup[label]'))) {
      for (const a of ['title', 'aria-label', 'label']) {
        const v = el.getAttribute(a);
        if (v && hidden.test(v)) found.push(`${name(el)}[${a}] ${JSON.stringify(v.slice(0, 60))}`);
      }
    }
    return found.slice(0, 10);
  });
}

/** After each view: nothing ran, nothing was made from evidence markup, nothing hidden shown raw; the layout is recorded. */
async function clean(view: string): Promise<void> {
  const a = await auditDom(page);
  expect({ view, ...a }).toEqual({ view, pwned: 0, csp: [], foreign: [] });
  expect({ view, raw: await rawHidden() }).toEqual({ view, raw: [] });
  layouts.push({ view, layout: await measureLayout(page) });
}

async function textOf(selector: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => el.textContent ?? '');
}

/**
 * The grid draws cells only for the columns in view (components/column-window.ts): its text across every column is
 * gathered by scrolling it one view at a time from the left, waiting a frame for each step to be drawn.
 */
async function gridTextAcross(): Promise<string> {
  const steps = await page
    .locator('.grid-scroll')
    .first()
    .evaluate((el) => Math.ceil(el.scrollWidth / el.clientWidth));
  const parts: string[] = [];
  for (let i = 0; i < steps; i++) {
    await page
      .locator('.grid-scroll')
      .first()
      .evaluate((el, k) => {
        el.scrollLeft = k * el.clientWidth;
      }, i);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    parts.push(await textOf('.grid-body'));
  }
  await page
    .locator('.grid-scroll')
    .first()
    .evaluate((el) => {
      el.scrollLeft = 0;
    });
  return parts.join('\n');
}

beforeAll(async () => {
  suite = await startBrowserSuite('hostile-everywhere', {
    serve: async (dir) => {
      home = await writeHostileHome(join(dir, 'home'));
      return { paths: [home.home], sampleDir: null, openOptions: { scratchRoot: dir } };
    },
  });
  ({ server, browser, watched: w, page } = suite);
  libId = ok(server.libraries[0]!).id;
  ev = ok(await server.service.openPaths([home.ledger.sessionDir])).id;
  audit = await installAudit(page);
  await page.goto(`${server.origin}/?token=${server.token}#/e/${enc(ev)}/overview`);
  await page.waitForSelector('[data-app-state="loaded"]');
});

afterAll(async () => {
  if (layouts.length)
    console.log(
      `hostile layout per view:\n${layouts.map((l) => `  ${l.view}: page +${l.layout.pageOverflow}px, pane +${l.layout.contentOverflow}px${l.layout.offenders.map((o) => `\n    ${o}`).join('')}`).join('\n')}`,
    );
  await suite?.close();
});

describe('hostile names everywhere (Chromium, serve mode)', () => {
  it('overview: the hostile folder name is the session id, shown as text', async () => {
    await page.waitForSelector('.overview .identity');
    // The RLO is named, not obeyed: `…>‮gnp.exe` must not read as `…>exe.png`, here or in the top bar.
    expect(await textOf('.identity .value.mono')).toBe(visibleText(HOSTILE_SESSION_ID));
    expect(await textOf('.identity .value.mono')).toContain(`${RLO}gnp.exe`);
    expect(await textOf('.topbar .current .mono')).toBe(visibleText(HOSTILE_SESSION_ID));
    expect(await textOf('.topbar .current')).toContain(`${RLO}gnp.exe`);
    await page.waitForSelector('.verdict');
    await shot(page, 'hostile-01-overview');
    await clean('overview');
  });

  it('tables: every table page renders, the hostile values shown literally', async () => {
    const tables = ok(await server.service.handle('tables.list', { evidenceId: ev })) as readonly { name: string; rowCount: number }[];
    const rw = home.ledger.rewrite;
    const expectIn: Record<string, string> = {
      tool_calls: head(first(rw.toolNames)),
      net_events: head(first(rw.domains)),
      dns_events: head(first(rw.domains)),
      exec_events: head(first(rw.commands)),
      model_calls: head(first(rw.providers)),
      security_rule_events: head(first(rw.ruleIds)),
    };
    for (const t of tables) {
      await go(`#/e/${enc(ev)}/tables/${enc(t.name)}`);
      await page.waitForFunction((name) => document.querySelector('.table-list a.active')?.textContent?.startsWith(name) === true, t.name);
      if (t.rowCount > 0) {
        await page.waitForSelector('.grid-body .gr[data-rowkey], .content .error-note');
        expect(await page.locator('.content .error-note').count(), `tables/${t.name}`).toBe(0);
      }
      const want = expectIn[t.name];
      if (want) expect(await gridTextAcross()).toContain(want);
      if (t.name === 'tool_calls') await shot(page, 'hostile-02-table-tool-calls');
      if (t.name === 'fs_events') await shot(page, 'hostile-03-table-fs-events');
      await clean(`tables/${t.name}`);
    }
    expect(tables.length).toBeGreaterThan(15);
  });

  it('search: a hostile tool-name fragment and an exact hostile trace id find their rows', async () => {
    const tool = first(home.ledger.rewrite.toolNames);
    const term = tool.slice(0, 20);
    await go(`#/e/${enc(ev)}/search?q=${enc(term)}`);
    await page.waitForSelector('.hits li');
    expect(await textOf('.hits')).toContain(head(tool));
    await shot(page, 'hostile-04-search');
    await clean('search tool');
    // The contract caps a search query at 512 characters, so search for a trace id within it.
    const trace = [...home.ledger.rewrite.traceIds.values()].find((v) => v.length <= 512 && !v.includes('\u0000'))!;
    await go(`#/e/${enc(ev)}/search?q=${enc(trace)}`);
    await page.waitForFunction(() => document.querySelectorAll('.hits li').length > 5);
    await clean('search trace');
  });

  it('event views of rows carrying hostile names', async () => {
    const rw = home.ledger.rewrite;
    const visits: [string, number, string][] = [
      ['tool_calls', 1, first(rw.toolNames)],
      ['tool_calls', 6, first(rw.serverNames)],
      ['net_events', 1, rw.netPaths.get(1)!],
      ['fs_events', [...rw.paths.keys()][0]!, [...rw.paths.values()][0]!],
      ['exec_events', 1, rw.commands.get(1)!],
      ['model_calls', 1, first(rw.models)],
      ['security_decision_events', 1, first(rw.ruleIds)],
    ];
    for (const [table, rowid, want] of visits) {
      await go(`#/e/${enc(ev)}/row/${table}/${rowid}`);
      await page.waitForFunction(
        (s) => document.querySelector('.row-detail')?.textContent?.includes(s) === true,
        visibleText(want).slice(0, 40),
      );
      // The detail shows values whole (pre-wrap): the hostile text appears exactly (hidden characters named), long or not.
      expect(await textOf('.row-detail')).toContain(visibleText(want));
      await clean(`row ${table}/${rowid}`);
      if (table === 'exec_events') await shot(page, 'hostile-05-event-exec');
    }
    // A body of a hostile-named row still opens and verifies.
    await go(`#/e/${enc(ev)}/row/exec_events/1?body=exec_events/stdout&view=text`);
    await page.waitForSelector('.body-view[data-mode="text"] .brow, .body-error');
    expect(await page.locator('.body-error').count()).toBe(0);
    await clean('row exec_events/1 body');
  });

  it('identity graph: the hostile trace ids listed, each trace drawn with the nodes and edges the core builds', async () => {
    await go(`#/e/${enc(ev)}/graph`);
    await page.waitForSelector('table.traces tbody tr');
    const db = server.service.registry.get(ev).db;
    const traces = listTraces(db).traces;
    expect(traces.length).toBe(home.ledger.expected.traces);
    expect(await page.$$eval('table.traces tbody tr', (trs) => trs.map((t) => t.getAttribute('data-trace-id')))).toEqual(
      traces.map((t) => t.traceId),
    );
    for (const t of traces) expect([...home.ledger.rewrite.traceIds.values()]).toContain(t.traceId);
    const graphText: string[] = [];
    await shot(page, 'hostile-06-graph-traces');
    await clean('graph list');
    expect(traces.filter((t) => t.traceId.length > 512).length).toBe(1);
    for (const [i, t] of traces.entries()) {
      const g = buildTraceGraph(db, t.traceId);
      // Open it the way a user does: the link in the list.
      await go(`#/e/${enc(ev)}/graph`);
      await page.waitForSelector('table.traces tbody tr');
      await page.locator('table.traces tbody tr').nth(i).locator('a').first().click();
      if (t.traceId.length > 512) {
        // Known gap (reported): graph.trace caps traceId at 512 characters, so a longer id read from the
        // ledger is listed but cannot be drawn; the refusal is a named error shown as text.
        await page.waitForSelector('.error-note');
        expect(await textOf('.error-note')).toContain('BAD_REQUEST graph.trace.traceId must be at most 512 characters');
        await clean(`graph trace ${i} (over the cap)`);
        continue;
      }
      await page.waitForFunction(
        (id) =>
          document.querySelector('.graph-view')?.getAttribute('data-trace-id') === id && document.querySelector('svg.graph-svg') !== null,
        t.traceId,
      );
      expect(await textOf('.graph-view h2')).toBe(visibleText(t.traceId));
      graphText.push(...(await page.$$eval('svg.graph-svg text.n-label', (els) => els.map((e) => e.textContent ?? ''))));
      const nodes = await page.$$eval('svg.graph-svg [data-node-id]', (els) => els.map((e) => e.getAttribute('data-node-id')));
      expect(nodes.sort()).toEqual(g.nodes.map((n) => n.id).sort());
      expect(await page.locator('svg.graph-svg [data-edge]').count()).toBe(g.edges.length);
      if (i === 0) await shot(page, 'hostile-07-graph-trace');
      await clean(`graph trace ${i}`);
    }
    // Drawn node labels name the hidden characters even when clipped: tool names lead with an RLO.
    expect(graphText.filter((s) => s.startsWith(`run${RLO}<`)).length, graphText.join(' | ')).toBeGreaterThan(0);
    // A node opens its event.
    await page.locator('svg.graph-svg [data-node-id^="tc:"]').first().click();
    await page.waitForSelector('aside.side-pane .row-panel[data-related-ready="true"] dl.kv');
    await clean('graph node opened');
  });

  it('transcript: every hostile trace told as text, its lines and texts inert', async () => {
    const traces = listTraces(server.service.registry.get(ev).db).traces.filter((t) => t.traceId.length <= 512);
    for (const [i, t] of traces.entries()) {
      await go(`#/e/${enc(ev)}/transcript/${enc(t.traceId)}`);
      await page.waitForSelector('.transcript-view article.tl');
      await page.waitForFunction(() => !document.querySelector('.tl-pending'));
      expect(await textOf('.transcript-view .toolbar h2')).toBe(visibleText(t.traceId));
      if (i === 0) await shot(page, 'hostile-07b-transcript');
      await clean(`transcript ${i}`);
    }
    await go(`#/e/${enc(ev)}/transcript`);
    await page.waitForSelector('.transcript-view article.tl');
    await clean('transcript of the session');
  });

  it('tool lifecycles: hostile tool names in rows, swimlanes and the tool filter', async () => {
    await go(`#/e/${enc(ev)}/lifecycle`);
    await page.waitForSelector('[aria-label="tool lifecycles"] [role="row"][data-rowkey]');
    await page.waitForSelector('svg.swimlanes');
    // The tool filter's values come from the summary, made in its own worker after the rows.
    await page.waitForSelector('[aria-label="lifecycle counts"][data-counts-loaded="yes"]');
    const tools = await page.$$eval('select[aria-label="filter by tool"] option', (os) =>
      os.map((o) => (o as HTMLOptionElement).value).filter(Boolean),
    );
    expect(tools.sort()).toEqual([...home.ledger.rewrite.toolNames.values()].sort());
    await shot(page, 'hostile-08-lifecycle');
    await clean('lifecycle');
    const db = server.service.registry.get(ev).db;
    for (const tool of tools) {
      const n = (db.prepare('SELECT COUNT(*) AS n FROM tool_calls WHERE tool_name = ?').get(tool) as { n: number }).n;
      await page.selectOption('select[aria-label="filter by tool"]', tool);
      await page.waitForFunction(
        (k) =>
          document.querySelector('[data-rows-total]')?.getAttribute('data-rows-total') === String(k) &&
          document.querySelectorAll('[aria-label="tool lifecycles"] [role="row"][data-rowkey]').length === k,
        n,
      );
      expect(decodeURIComponent(await page.evaluate(() => window.location.hash))).toContain(`tool=${tool}`.replace(/ /g, '+'));
      expect(await page.locator('[aria-label="tool lifecycles"] [role="row"][data-rowkey]').count()).toBe(n);
      await clean(`lifecycle tool filter`);
    }
    await go(`#/e/${enc(ev)}/lifecycle?flagged=1`);
    await page.waitForFunction(() => {
      const rows = Array.from(document.querySelectorAll('[aria-label="tool lifecycles"] [role="row"][data-rowkey]'));
      return rows.length > 0 && rows.every((r) => r.textContent?.includes('⚠'));
    });
    const flagged = await page.$$eval('[aria-label="tool lifecycles"] [role="row"][data-rowkey]', (rows) =>
      rows.map((r) => r.textContent ?? ''),
    );
    expect(flagged.length).toBeGreaterThan(0);
    expect(flagged.every((t) => t.includes('⚠'))).toBe(true);
    await clean('lifecycle flagged');
  });

  it('file activity: hostile paths listed as written, the hooks path marked as persistence', async () => {
    await go(`#/e/${enc(ev)}/files`);
    await page.waitForSelector('.fs-paths [data-path]');
    const listed = await page.$$eval('.fs-paths [data-path]', (rows) =>
      rows.map((r) => ({
        path: r.getAttribute('data-path') ?? '',
        persist: r.getAttribute('data-persist') ?? '',
        text: r.textContent ?? '',
      })),
    );
    const written = [...home.ledger.rewrite.paths.values()];
    expect(listed.map((r) => r.path).sort()).toEqual([...new Set(written)].sort());
    const hooks = written.find((p) => p.startsWith('/workspace/.git/hooks/'))!;
    expect(listed.find((r) => r.path === hooks)?.persist).not.toBe('');
    expect(listed.find((r) => r.path === written[2])?.text).toContain(head(written[2]!));
    await shot(page, 'hostile-09-files');
    await clean('files');
  });

  it('SQL console: a result full of hostile values is shown as text', async () => {
    await go(`#/e/${enc(ev)}/sql`);
    await page.getByLabel('SQL').fill('SELECT tool_name, server_name, call_id, arguments, trace_id FROM tool_calls ORDER BY id');
    await page.getByRole('button', { name: /^Run/ }).click();
    await page.waitForSelector('.result-meta');
    const grid = await textOf('.sql-main .grid-body');
    expect(grid).toContain(head(first(home.ledger.rewrite.toolNames)));
    expect(grid).toContain(head(first(home.ledger.rewrite.serverNames)));
    await shot(page, 'hostile-10-sql');
    await clean('sql');
    // The RLO session id as a grid cell (built in SQL: char(8238) is U+202E): named in the cell, copied whole.
    const literal = `'${HOSTILE_SESSION_ID.replace('\u202E', "' || char(8238) || '")}'`;
    await page.getByLabel('SQL').fill(`SELECT ${literal} AS session_id`);
    await page.getByRole('button', { name: /^Run/ }).click();
    await page.waitForFunction(
      () => document.querySelector('.sql-main .grid-body [role="gridcell"]')?.textContent?.includes('gnp.exe') === true,
    );
    expect(await textOf('.sql-main .grid-body [role="gridcell"]')).toBe(visibleText(HOSTILE_SESSION_ID));
    expect(await textOf('.sql-main .grid-body [role="gridcell"]')).toContain(`${RLO}gnp.exe`);
    await clean('sql rlo cell');
  });

  it('library: hostile session ids, statuses and details from an intact chain; the on-disk one opens', async () => {
    await go(`#/library/${enc(libId)}`);
    await page.waitForSelector('[data-testid="session-table"] tbody tr[data-rowkey]');
    expect(await page.getAttribute('[data-testid="chain-banner"]', 'data-intact')).toBe('true');
    const keys = await page.$$eval('[data-testid="session-table"] tbody tr[data-rowkey]', (rows) =>
      rows.map((r) => r.getAttribute('data-rowkey')),
    );
    expect([...keys].sort()).toEqual([...HOSTILE_HOME_SESSIONS].sort());
    await shot(page, 'hostile-11-library');
    await clean('library');
    const rowOf = (id: string) => page.locator('[data-testid="session-table"] tbody tr[data-rowkey]').nth(keys.indexOf(id));
    // The id column names the RLO and the other hidden characters.
    expect(await rowOf(HOSTILE_SESSION_ID).locator('td').nth(1).textContent()).toBe(visibleText(HOSTILE_SESSION_ID));
    expect(await rowOf(HOSTILE_SESSION_ID).locator('td').nth(1).textContent()).toContain(`${RLO}gnp.exe`);
    expect(await rowOf(HOSTILE_HOME_SESSIONS[2]).locator('td').nth(1).textContent()).toBe(
      'admin⟨RLO U+202E⟩gnp.exe ⟨LRI U+2066⟩LRI⟨PDI U+2069⟩ pay⟨ZWSP U+200B⟩pal ⟨ESC⟩[31mred⟨ESC⟩[0m',
    );
    await rowOf(HOSTILE_HOME_SESSIONS[3]).locator('td').nth(1).click();
    await page.waitForFunction(
      (id) => document.querySelector('[data-testid="session-card"]')?.getAttribute('data-session') === id,
      HOSTILE_HOME_SESSIONS[3],
    );
    const card = await textOf('[data-testid="session-card"]');
    expect(card).toContain(visibleText(HOSTILE_HOME_SESSIONS[3]));
    expect(card).toContain('forked from');
    await shot(page, 'hostile-12-library-card');
    await clean('library card');
    await rowOf(HOSTILE_SESSION_ID).locator('td').nth(1).click();
    await page.getByRole('button', { name: 'Open ledger' }).click();
    await page.waitForFunction(() => /^#\/e\/[^/]+\/overview$/.test(window.location.hash));
    await page.waitForSelector('.overview .identity');
    expect(await textOf('.identity .value.mono')).toBe(visibleText(HOSTILE_SESSION_ID));
    expect(await textOf('.topbar .current .mono')).toContain(`${RLO}gnp.exe`);
    await clean('library opened session');
  });

  it('compare: hostile counter names and ids side by side, and an opened hostile ledger against a library session', async () => {
    const lib = (id: string): string => `l.${libId}.${id}`;
    // Known gap (reported): a library session id holding '/', '\\' or NUL, or over 255 characters, is refused
    // by the contract's SESSION_ID guard, so it cannot be compared; the refusal is shown as text.
    const refused = new URLSearchParams({ a: lib(HOSTILE_SESSION_ID), b: lib(HOSTILE_HOME_SESSIONS[1]) });
    await go(`#/compare?${refused.toString()}`);
    await page.waitForSelector('.error-note');
    expect(await textOf('.error-note')).toContain('library.compare.b.sessionId does not have the expected form');
    await clean('compare refused id');
    const q = new URLSearchParams({ a: lib(HOSTILE_SESSION_ID), b: lib(HOSTILE_HOME_SESSIONS[2]) });
    await go(`#/compare?${q.toString()}`);
    await page.waitForSelector('[data-testid="compare"]');
    await page.waitForSelector('[data-testid="cmp-counters"]');
    const all = await textOf('[data-testid="compare"]');
    expect(all).toContain(visibleText(HOSTILE_HOME_SESSIONS[2]));
    // Side A's header: the RLO session id, named.
    expect(await textOf('[data-testid="side-A"] .cmp-side-head .mono')).toBe(visibleText(HOSTILE_SESSION_ID));
    const keys = await page.$$eval('[data-testid="compare"] tr[data-key]', (trs) => trs.map((t) => t.getAttribute('data-key') ?? ''));
    // Provider · model keys and tool names from the hostile counters are rows of their own.
    expect(keys.filter((k) => home.strings.some((s) => k.includes(s))).length).toBeGreaterThan(2);
    await shot(page, 'hostile-13-compare-library');
    await clean('compare library sessions');
    const q2 = new URLSearchParams({ a: `e.${ev}`, b: lib(HOSTILE_HOME_SESSIONS[2]) });
    await go(`#/compare?${q2.toString()}`);
    await page.waitForSelector('[data-testid="cmp-domains"] tbody tr');
    expect(await textOf('[data-testid="cmp-domains"]')).toContain(head(first(home.ledger.rewrite.domains)));
    await shot(page, 'hostile-14-compare-ledger');
    await clean('compare ledger vs library');
  });

  it('never ran evidence script, opened a dialog, left the origin or raised a page error', async () => {
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? 0)).toBe(0);
    expect(w.dialogs).toEqual([]);
    expect(w.requests.length).toBeGreaterThan(50);
    expect(w.requests.filter((u) => !u.startsWith(server.origin))).toEqual([]);
    expect(audit.navigations.filter((u) => !u.startsWith(`${server.origin}/`))).toEqual([]);
    expect(new Set(audit.navigations.map((u) => new URL(u).pathname))).toEqual(new Set(['/']));
    expect(audit.popups).toEqual([]);
    expect(w.pageErrors).toEqual([]);
    expect(w.consoleErrors.filter((m) => /Content Security Policy|Refused to/i.test(m))).toEqual([]);
    // Every view was walked and audited.
    expect(layouts.length).toBeGreaterThan(40);
  });
});

describe('the detectors themselves', () => {
  it('see markup injected on purpose: foreign elements, a CSP refusal and an outside request', async () => {
    const w2 = await watchedPage(browser, server.origin);
    await installAudit(w2.page);
    await w2.page.goto(`${server.origin}/?token=${server.token}#/e/${enc(ev)}/overview`);
    await w2.page.waitForSelector('.overview .identity');
    // The CSP requires Trusted Types, so no view could use innerHTML on evidence text at all (the probe proves
    // that too); build the element the way a careless view could: a DOM node whose src evidence chose.
    const sink = await w2.page.evaluate(() => {
      try {
        document.getElementById('root')!.insertAdjacentHTML('beforeend', '<b>x</b>');
        return 'accepted';
      } catch (e) {
        return e instanceof Error ? e.message : String(e);
      }
    });
    expect(sink).toContain('TrustedHTML');
    await w2.page.evaluate(() => {
      const img = document.createElement('img');
      img.src = 'http://evil.example/probe.gif';
      document.getElementById('root')!.append(img);
    });
    await w2.page.waitForFunction(() => ((window as unknown as { __csp?: string[] }).__csp ?? []).length > 0);
    const a = await auditDom(w2.page);
    expect(a.foreign).toEqual(expect.arrayContaining(['<img>', '<img src="http://evil.example/probe.gif">']));
    expect(a.csp.join()).toContain('evil.example');
    await w2.page.context().close();
  });
});

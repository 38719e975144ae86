// Browser figures of issue 9 (serve mode + headless Chromium driven by playwright-core). Two serve processes,
// each started as a user starts it (`capsem-inspect serve <ledger>`, its own child so its RSS is its own):
//  - the bench's ledger: first view of the overview; the identity graph of its largest trace scrolled while a
//    verification of its bodies runs;
//  - a generated ledger with a 1,000,000-row table (see browser-ledger.ts): first view of that table, scrolled
//    while a verification runs.
// Then the renderer heap of each scroll page and the peak RSS of each serve process.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { EvidenceSummary, Overview } from '../../../src/shared/contract.js';
import type { TraceList } from '../../../src/shared/contract/graph.js';
import { ensureRendererBuilt, launchChromium } from '../../../test/renderer/harness.js';
import type { BrowserMeasured, ServeMeasured } from './browser-figures.js';
import { browserFigureRows } from './browser-figures.js';
import type { JobWatch } from './browser-jobs.js';
import { watchJobs } from './browser-jobs.js';
import type { TableLedger } from './browser-ledger.js';
import { generateTableLedger, TABLE, TABLE_ROWS } from './browser-ledger.js';
import type { ServeChild } from './browser-serve.js';
import { afterFollowUp, startServe } from './browser-serve.js';
import { firstViews, scrollDuringVerification } from './browser-session.js';
import { useBuiltWorkers } from './built-workers.js';
import { scrollRow } from './browser-figures.js';
import { graphTarget, tableTarget } from './scroll-targets.js';
import { transcriptFirstRow, transcriptNavigations, transcriptTarget } from './browser-transcript.js';
import { sessionFirstRow, sessionNavigations } from './browser-transcript.js';
import { keysPhasePeak, keysRssRow, plainScanPeak, resolveSampleDir, sampleServePeak, sessionDbPath } from './keys-memory.js';
import type { FigureRow } from './report.js';

export interface BrowserBenchOptions {
  /** Where the table ledger is generated (default: a new temp folder, removed afterwards unless keep). */
  readonly workDir?: string;
  /** A table ledger generated before (a session folder whose net_events has 1,000,000 rows). */
  readonly tableDir?: string;
  readonly keep?: boolean;
  readonly seed?: number;
  /** Fresh page loads per first-view figure. */
  readonly loads?: number;
  /** Pages of 100 model calls drawn with "Draw the next 100 model calls" before the graph is scrolled. */
  readonly graphMorePages?: number;
  /** 'transcript': only the transcript's rows (issue 21), on the bench ledger; the rest are listed as not run. */
  readonly only?: 'transcript';
}

const CHROMIUM = '/usr/bin/chromium';
// The overview's first view: identity and the rows per table. The token chart and the integrity verdict may
// follow later (the open may defer the full-table scans behind them): their times are reported beside it.
const OVERVIEW_READY = ['.overview .identity .value.mono', '.overview .ov-grid table.mini td.num'];
const errText = (e: unknown): string => (e instanceof Error ? e.message : String(e)).split('\n')[0]!;
const MiB = (b: number): string => `${(b / 2 ** 20).toFixed(0)} MiB`;

function ledgerWords(sessionDir: string): string {
  const size = (f: string): number => (existsSync(join(sessionDir, f)) ? statSync(join(sessionDir, f)).size : 0);
  return `${MiB(size('session.db'))} session.db, ${MiB(size('session.bodies'))} session.bodies`;
}

/** Starts serve on `ledger`, runs `fn` with its first evidence id and a job watch, then records its memory and stops it. */
async function withServe(
  ledger: string,
  words: string,
  out: { serves: ServeMeasured[]; failures: string[] },
  fn: (serve: ServeChild, evidenceId: string, watch: JobWatch) => Promise<void>,
): Promise<void> {
  console.log(`  serve ${ledger}`);
  let serve: ServeChild;
  try {
    serve = await startServe(ledger);
  } catch (e) {
    out.failures.push(`${words}: ${errText(e)}`);
    throw e;
  }
  console.log(`    ready after ${(serve.startMs / 1000).toFixed(1)} s (pid ${serve.pid})`);
  const watch = await watchJobs(serve.origin, serve.token);
  try {
    const list = await serve.api<readonly EvidenceSummary[]>('evidence.list', null);
    if (list.length === 0) throw new Error(`serve opened nothing: ${serve.log.join('')}`);
    await fn(serve, list[0]!.id, watch);
  } finally {
    watch.close();
    out.serves.push({
      ledger: words,
      startMs: serve.startMs,
      memory: serve.memory(),
      phases: serve.phasePeaks(),
      childrenPeakBytes: serve.childrenPeakBytes(),
    });
    await serve.stop();
  }
}

export async function browserRows(sessionDir: string, opts: BrowserBenchOptions = {}): Promise<FigureRow[]> {
  const loads = opts.loads ?? 3;
  const m: { -readonly [K in keyof BrowserMeasured]: BrowserMeasured[K] } & { serves: ServeMeasured[]; serveFailures: string[] } = {
    overview: 'not run',
    table: 'not run',
    tableScroll: 'not run',
    graphScroll: 'not run',
    transcript: [],
    serves: [],
    serveFailures: [],
  };
  const only = opts.only === 'transcript';
  const out = { serves: m.serves, failures: m.serveFailures };
  if (!existsSync(CHROMIUM)) {
    const why = `${CHROMIUM} is not installed (apt-get install chromium)`;
    return browserFigureRows({
      ...m,
      overview: why,
      table: why,
      tableScroll: why,
      graphScroll: why,
      transcript: [transcriptFirstRow(why, null)],
      serveFailures: [why],
    });
  }
  console.log('\n== browser (serve mode + headless Chromium)');
  ensureRendererBuilt();
  // bin/capsem-inspect.js runs build/node only when it is current, else the sources through tsx (seconds more to
  // start, every module compiled on the fly): measure what ships, rebuilt first when a source is newer.
  useBuiltWorkers();
  const work = opts.workDir ?? mkdtempSync(join(tmpdir(), 'capsem-bench-browser-'));
  const browser: Browser = await launchChromium();
  let bigTraceFound = false;
  try {
    const mainWords = `the bench ledger (${ledgerWords(sessionDir)})`;
    try {
      await withServe(sessionDir, mainWords, out, async (serve, ev, watch) => {
        if (only) return transcriptFigures(browser, serve, ev, watch, loads, m, sessionDir);
        const ov = await firstViews(browser, serve, `#/e/${ev}/overview`, OVERVIEW_READY, 'overview', loads, async (page) => {
          const extra: Record<string, number> = {};
          for (const [key, sel] of [
            ['chartMs', '.overview .recharts-surface'],
            ['verdictMs', '.overview .verdict'],
          ] as const) {
            const h = await page
              .waitForFunction((s) => (document.querySelector(s) ? performance.now() : false), sel, { polling: 'raf', timeout: 60_000 })
              .catch(() => null);
            if (h) extra[key] = (await h.jsonValue()) as number;
          }
          return extra;
        });
        const o = await serve.api<Overview>('overview', { evidenceId: ev });
        const rows = o.rowCounts.reduce((n, r) => n + r.rows, 0);
        m.overview = {
          ...ov,
          ledger: `${mainWords.replace(/\)$/, '')}, ${rows.toLocaleString('en-US')} rows in ${o.rowCounts.length} tables)`,
        };
        console.log(`    overview first views: ${ov.ms.map((x) => x.toFixed(0)).join(', ')} ms`);
        const traces = await serve.api<TraceList>('graph.traces', { evidenceId: ev });
        const big = [...traces.traces].sort((a, b) => b.modelCalls - a.modelCalls)[0];
        if (!big || big.modelCalls < 5000) return;
        bigTraceFound = true;
        await afterFollowUp(serve, ev);
        m.graphScroll = {
          ...(await scrollDuringVerification(browser, serve, watch, graphTarget(ev, big.traceId, opts.graphMorePages ?? 2))),
          how: `trace ${big.traceId} of the bench ledger; once the open's follow-up was done`,
        };
        console.log('    graph scrolled');
        await transcriptFigures(browser, serve, ev, watch, loads, m, sessionDir);
      });
    } catch (e) {
      const why = `serve on the bench ledger failed: ${errText(e)}`;
      if (typeof m.overview === 'string') m.overview = why;
      if (typeof m.graphScroll === 'string') m.graphScroll = why;
    }

    let tl: TableLedger | null = null;
    if (only) return browserFigureRows(m);
    try {
      tl = opts.tableDir
        ? { sessionDir: opts.tableDir, table: TABLE, rows: TABLE_ROWS, bodyMiB: NaN, ms: 0 }
        : await generateTableLedger(join(work, 'table-ledger'), opts.seed ?? 5);
    } catch (e) {
      m.table = m.tableScroll = `generating the 1,000,000-row ledger failed: ${errText(e)}`;
    }
    if (tl) {
      const words = `generated for this figure: gen-large (150,000-event budget plus a 5,000-call trace, 256 MiB of bodies) with ${TABLE} grown to ${TABLE_ROWS.toLocaleString('en-US')} rows by copying its rows; ${ledgerWords(tl.sessionDir)}`;
      try {
        await withServe(tl.sessionDir, 'the 1,000,000-row ledger', out, async (serve, ev, watch) => {
          const tv = await firstViews(browser, serve, `#/e/${ev}/tables/${TABLE}`, ['.gr[data-rowkey="1"]'], 'table', loads);
          m.table = { ...tv, ledger: words, rows: TABLE_ROWS };
          console.log(`    table first views: ${tv.ms.map((x) => x.toFixed(0)).join(', ')} ms`);
          await afterFollowUp(serve, ev);
          m.tableScroll = {
            ...(await scrollDuringVerification(browser, serve, watch, tableTarget(ev))),
            how: `${TABLE}, 60 px per frame downward for 5 s, once the open's follow-up was done`,
          };
          console.log('    table scrolled');
          if (!bigTraceFound) {
            const traces = await serve.api<TraceList>('graph.traces', { evidenceId: ev });
            const big = [...traces.traces].sort((a, b) => b.modelCalls - a.modelCalls)[0]!;
            m.graphScroll = {
              ...(await scrollDuringVerification(browser, serve, watch, graphTarget(ev, big.traceId, opts.graphMorePages ?? 2))),
              how: `trace ${big.traceId} of the generated ledger (the bench ledger has no 5,000-call trace)`,
            };
          }
        });
      } catch (e) {
        const why = `serve on the 1,000,000-row ledger failed: ${errText(e)}`;
        if (typeof m.table === 'string') m.table = why;
        if (typeof m.tableScroll === 'string') m.tableScroll = why;
        if (typeof m.graphScroll === 'string') m.graphScroll = why;
      }
    }
  } finally {
    await browser.close();
    // A work folder given by the caller is the caller's to remove.
    if (!opts.workDir) {
      if (opts.keep) console.log(`  browser ledger kept in ${work}`);
      else rmSync(work, { recursive: true, force: true });
    }
  }
  return browserFigureRows(m);
}

/** Issue 21's two rows on the bench ledger's largest trace (the graph's one); needs the open's follow-up done for the scroll. */
async function transcriptFigures(
  browser: Browser,
  serve: ServeChild,
  ev: string,
  watch: JobWatch,
  loads: number,
  m: { transcript: FigureRow[] },
  sessionDir: string,
): Promise<void> {
  // Serve's peak while the trace keys are built (the first trace read starts them): before anything else reads traces.
  const keys = await keysPhasePeak(serve, ev).catch((e: unknown) => errText(e));
  const traces = await serve.api<TraceList>('graph.traces', { evidenceId: ev });
  const big = [...traces.traces].sort((a, b) => b.modelCalls - a.modelCalls)[0];
  const scrollName = 'Browser: scrolling the transcript of the 5,000-model-call trace while a body verification runs';
  const extra: FigureRow[] = [];
  try {
    const s = await sessionNavigations(browser, serve, ev, loads);
    extra.push(sessionFirstRow(s));
    console.log(`    session transcript first pages: ${s.ms.map((x) => x.toFixed(0)).join(', ')} ms`);
  } catch (e) {
    extra.push(sessionFirstRow(errText(e)));
  }
  if (!big || big.modelCalls < 5000) {
    m.transcript = [
      transcriptFirstRow('the bench ledger has no 5,000-call trace', null),
      scrollRow(scrollName, 'the bench ledger has no 5,000-call trace'),
      ...extra,
    ];
    return;
  }
  let first: FigureRow;
  try {
    // As the scale rows do: the views' steady state, once the trace keys' worker has ordered the trace (it does so
    // for every large trace after the open); how long after the trace list that was is printed beside the figure.
    const t0 = performance.now();
    await serve.api('transcript.page', { evidenceId: ev, traceId: big.traceId, limit: 1 });
    const readyMs = performance.now() - t0;
    const n = await transcriptNavigations(browser, serve, ev, big.traceId, loads);
    first = transcriptFirstRow({ ...n, readyMs }, big.traceId);
    console.log(`    transcript first screens: ${n.ms.map((x) => x.toFixed(0)).join(', ')} ms`);
  } catch (e) {
    first = transcriptFirstRow(errText(e), big.traceId);
  }
  let scroll: FigureRow;
  try {
    await afterFollowUp(serve, ev);
    scroll = scrollRow(scrollName, {
      ...(await scrollDuringVerification(browser, serve, watch, transcriptTarget(ev, big.traceId))),
      how: `trace ${big.traceId}, 60 px per frame downward for 5 s, once the open's follow-up was done`,
    });
    console.log('    transcript scrolled');
  } catch (e) {
    scroll = scrollRow(scrollName, errText(e));
  }
  // Last: a second serve (on the sample) started beside this one disturbed its later requests ("fetch failed").
  const sample = resolveSampleDir();
  const refs = {
    sample: sample ? await sampleServePeak(sample).catch((e: unknown) => errText(e)) : 'no sample found',
    plain: (() => {
      try {
        return plainScanPeak(sessionDbPath(sessionDir));
      } catch (e) {
        return errText(e);
      }
    })(),
  };
  extra.push(keysRssRow(keys, refs));
  m.transcript = [first, scroll, ...extra];
}

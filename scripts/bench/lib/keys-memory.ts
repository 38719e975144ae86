// Issue 21/26's memory row: serve's peak RSS while the trace keys are built on the bench ledger (the phase from the
// first trace read, which starts the worker, until the large trace's order the worker makes last has arrived),
// beside two references measured in the same run: serve on the sample doing the same reads, and a plain
// better-sqlite3 process iterating the same columns the worker scans (the floor: Node, SQLite and its page cache).
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TraceList } from '../../../src/shared/contract/graph.js';
import type { ServeChild } from './browser-serve.js';
import { startServe } from './browser-serve.js';
import type { FigureRow } from './report.js';
import { notMeasured, pass } from './report.js';

export const KEYS_RSS_GOAL = '< 300 MB';
const MB = (b: number): string => `${(b / 1048576).toFixed(0)} MB`;

/** Serve's peak while its trace keys are built: the worker starts on graph.traces; a large trace's order comes last. */
export async function keysPhasePeak(serve: ServeChild, ev: string): Promise<{ peakBytes: number; ms: number; endBytes: number }> {
  serve.phase('trace keys: built');
  const t0 = performance.now();
  const traces = await serve.api<TraceList>('graph.traces', { evidenceId: ev });
  const big = [...traces.traces].sort((a, b) => b.modelCalls - a.modelCalls)[0];
  // transcript.page waits for the keys, and for a large trace for the order the worker makes after them.
  if (big) await serve.api('transcript.page', { evidenceId: ev, traceId: big.traceId, limit: 1 });
  const ms = performance.now() - t0;
  const peaks = serve.phasePeaks();
  const peakBytes = peaks[peaks.length - 1]!.peakBytes;
  serve.phase('after trace keys');
  return { peakBytes, ms, endBytes: serve.memory().rssBytes };
}

/** The same reads on the sample, in a serve of its own: what serve weighs with a small ledger's keys. */
export async function sampleServePeak(sampleDir: string): Promise<number> {
  const serve = await startServe(sampleDir);
  try {
    const opened = await serve.api<{ id: string }[]>('evidence.list', null).catch(() => null);
    const ev = opened?.[0]?.id;
    if (!ev) throw new Error('the sample did not open');
    await keysPhasePeak(serve, ev);
    return serve.memory().hwmBytes;
  } finally {
    await serve.stop();
  }
}

/** A child process iterating the worker's columns with better-sqlite3 alone: its VmHWM. */
export function plainScanPeak(dbPath: string): number {
  const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
  const script = `
    const D = require(${JSON.stringify(sqlite)});
    const db = new D(process.argv[1], { readonly: true, fileMustExist: true });
    db.pragma('query_only = 1');
    const has = (t, c) => db.prepare('SELECT 1 FROM pragma_table_info(?) WHERE name = ?').get(t, c) !== undefined;
    const q = [];
    for (const t of ['tool_calls', 'tool_responses']) if (has(t, 'call_id')) q.push('SELECT id, trace_id, call_id FROM ' + t + ' ORDER BY id');
    if (has('model_items', 'model_call_id')) q.push('SELECT id, model_call_id, item_index, trace_id FROM model_items ORDER BY id');
    for (const t of ['net_events', 'dns_events', 'fs_events', 'exec_events', 'audit_events', 'substitution_events', 'security_rule_events', 'security_decision_events', 'security_ask_events'])
      if (has(t, 'trace_id')) q.push('SELECT id, trace_id FROM ' + t + ' WHERE trace_id IS NOT NULL ORDER BY id');
    let n = 0;
    for (const sql of q) for (const r of db.prepare(sql).raw().iterate()) n += r.length;
    process.stdout.write(String(process.resourceUsage().maxRSS * 1024));
  `;
  return Number(execFileSync(process.execPath, ['-e', script, dbPath], { encoding: 'utf8' }));
}

export function keysRssRow(
  m: { peakBytes: number; ms: number; endBytes: number } | string,
  refs: { sample: number | string; plain: number | string },
): FigureRow {
  const figure =
    "Serve's peak RSS while the trace keys are built on the bench ledger (VmRSS sampled every 200 ms, from the first trace read, which starts the keys' worker, until the large trace's order made after them arrived)";
  if (typeof m === 'string') return notMeasured(figure, KEYS_RSS_GOAL, m);
  const ref = (v: number | string): string => (typeof v === 'number' ? MB(v) : `not measured: ${v}`);
  return {
    figure,
    inspector: `peak ${MB(m.peakBytes)} (keys and the large trace's order in after ${(m.ms / 1000).toFixed(1)} s; RSS after: ${MB(m.endBytes)})`,
    reference: `serve on the sample, same reads: VmHWM ${ref(refs.sample)}; a plain better-sqlite3 process iterating the same columns: VmHWM ${ref(refs.plain)}`,
    goal: KEYS_RSS_GOAL,
    verdict: pass(m.peakBytes < 300 * 1048576),
  };
}

export const sessionDbPath = (sessionDir: string): string => join(sessionDir, 'session.db');

/** The bundled sample's session folder (resources/sample/<session>), or null. */
export function resolveSampleDir(): string | null {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'resources', 'sample');
  if (!existsSync(root)) return null;
  const dir = readdirSync(root).find((d) => existsSync(join(root, d, 'session.db')));
  return dir ? join(root, dir) : null;
}

// generateLargeLedger: writes <dir>/<session-id>/session.db + session.bodies (A2, archive v2) by streaming:
// bodies go to the archive as they are made, rows go to SQLite in large transactions, nothing accumulates.
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { blake3Ready } from '../../test/fixtures/writer/blake3.js';
import { Prng } from '../../test/fixtures/writer/prng.js';
import { ArchiveStream } from './archive-stream.js';
import type { Codec } from './archive-stream.js';
import { GenClock, hexId } from './clock.js';
import { GenContext } from './context.js';
import { DbSink } from './db-sink.js';
import { runSession } from './session.js';
import type { SessionOutcome } from './session.js';
import { TextPool } from './text-pool.js';

const MiB = 1024 * 1024;
const BLOCK_BYTES = MiB;
/** The first blocks were written in-process (deflate), the rest by the confined writer (zstd). */
const DEFLATE_SHARE = 0.03;

export interface LargeLedgerOptions {
  readonly dir: string;
  readonly events: number;
  readonly bodyBytes: number;
  readonly seed: number;
  /** Model calls of the identity-graph trace (default: 5,000 at 1M events, fewer for smaller ledgers). */
  readonly bigTraceCalls?: number;
  readonly onProgress?: (p: { events: number; rawBytes: number; elapsedMs: number; rssBytes: number }) => void;
}

export interface LargeLedgerSummary {
  readonly sessionId: string;
  readonly sessionDir: string;
  readonly dbPath: string;
  readonly bodiesPath: string;
  readonly events: number;
  readonly rowCounts: Record<string, number>;
  readonly uniqueBodies: number;
  readonly indexRows: number;
  readonly blocks: number;
  readonly deflateBlocks: number;
  readonly segments: number;
  readonly rawBytes: number;
  readonly archiveBytes: number;
  readonly dbBytes: number;
  readonly traces: number;
  readonly bigTrace: SessionOutcome['bigTrace'];
  readonly elapsedMs: number;
  readonly peakRssBytes: number;
}

export function defaultBigTraceCalls(events: number): number {
  return Math.min(5000, Math.max(10, Math.floor(events / 200)));
}

export async function generateLargeLedger(opts: LargeLedgerOptions): Promise<LargeLedgerSummary> {
  const t0 = performance.now();
  await blake3Ready();
  const prng = new Prng(opts.seed);
  const sessionId = `20260302-145040-${hexId(opts.seed, 99).slice(0, 8)}`;
  const sessionDir = join(opts.dir, sessionId);
  rmSync(sessionDir, { recursive: true, force: true });
  mkdirSync(sessionDir, { recursive: true });
  const dbPath = join(sessionDir, 'session.db');
  const bodiesPath = join(sessionDir, 'session.bodies');
  const db = new DbSink(dbPath);
  const deflateBlocks = Math.max(1, Math.round((opts.bodyBytes / BLOCK_BYTES) * DEFLATE_SHARE));
  const codecForBlock = (i: number): Codec => (i < deflateBlocks ? 'deflate' : 'zstd');
  const archive = new ArchiveStream({
    path: bodiesPath,
    blockBytes: BLOCK_BYTES,
    segmentBytes: () => prng.int(48, 384) * 1024,
    codecForBlock,
    onBlock: (row) => db.insert('body_blocks', [row.blockOffset, row.rawLen, row.diskLen, row.sealedAt]),
  });
  const clock = new GenClock('2026-03-02T14:50:40.000000Z', prng);
  const ctx = new GenContext(db, archive, prng, clock, new TextPool(prng), Math.max(16, (0.5 * opts.bodyBytes) / Math.max(1, opts.events)));
  const bigTraceCalls = opts.bigTraceCalls ?? defaultBigTraceCalls(opts.events);
  const outcome = runSession(ctx, { events: opts.events, bodyBytes: opts.bodyBytes, bigTraceCalls }, (events) =>
    opts.onProgress?.({ events, rawBytes: archive.rawSoFar(), elapsedMs: performance.now() - t0, rssBytes: process.memoryUsage.rss() }),
  );
  const totals = archive.close();
  writeRuns(db, outcome);
  const rowCounts = db.finish();
  return {
    sessionId,
    sessionDir,
    dbPath,
    bodiesPath,
    events: outcome.events,
    rowCounts,
    uniqueBodies: ctx.uniqueBodies,
    indexRows: ctx.indexRows,
    blocks: totals.blocks,
    deflateBlocks: totals.deflateBlocks,
    segments: totals.segments,
    rawBytes: totals.rawBytes,
    archiveBytes: totals.fileBytes,
    dbBytes: statSync(dbPath).size,
    traces: outcome.traces,
    bigTrace: outcome.bigTrace,
    elapsedMs: performance.now() - t0,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
  };
}

/** The rolled-up rule and decision runs the rolled-up events name (run_id = 1). */
function writeRuns(db: DbSink, outcome: SessionOutcome): void {
  const { ruleRun, decisionRun } = outcome.tallies;
  if (ruleRun.count > 0) {
    db.insert('security_rule_runs', [
      1,
      'model.request',
      'log-model-traffic',
      'allow',
      'informational',
      '{"id":"log-model-traffic","action":"allow"}',
      ruleRun.count,
      ruleRun.first,
      ruleRun.last,
    ]);
  }
  if (decisionRun.count > 0) {
    db.insert('security_decision_runs', [
      1,
      'model.request',
      'rule',
      'policy',
      'log-model-traffic',
      null,
      'allow',
      'allow',
      'allow',
      'logged',
      decisionRun.count,
      decisionRun.first,
      decisionRun.last,
    ]);
  }
}

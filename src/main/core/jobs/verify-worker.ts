// Worker-thread entry for body verification: receives one `start`, opens the scratch SQLite copy and the
// archive itself, verifies its blocks (or L0 rows), posts throttled `progress`, then `done` or `failed`.
// All the logic lives in the pure functions it calls; this file is only the thread's plumbing.
import { parentPort } from 'node:worker_threads';
import { toFailure } from '../../../shared/errors.js';
import { openArchive } from '../archive/open-archive.js';
import { openHardened } from '../evidence/open-hardened.js';
import { blockRowReader, namedBodyRow, sqliteBodyRows } from './body-rows-sql.js';
import { verifyBlocks } from './verify-blocks.js';
import { verifySqliteBodies } from './verify-sqlite-bodies.js';
import type { BlockRow, BodyIndexRow } from '../../../shared/ledger-types.js';
import type { SqliteBodyRow } from './verify-sqlite-bodies.js';
import type { MainToWorker, PartResult, Progress, VerifyTask, WorkerToMain } from './verify-types.js';
import { WORKER_PROGRESS_MS } from './verify-types.js';
import { lowerThisThreadPriority } from '../workers/background-priority.js';
import { BodyGrep } from '../match/body-grep.js';
import { enableLinearRegExp } from '../match/linear-regexp.js';

/**
 * SQLite's page cache per verification worker, KiB. Measured on 1 GiB / 325k rows, 2 workers: the default 16 MiB
 * cost ~6,000 page faults more and 60-90 ms more per job than 1 MiB; 256 KiB was no faster than 1 MiB.
 */
const VERIFY_SQLITE_CACHE_KIB = 1024;

const port = parentPort;
if (!port) throw new Error('verify-worker must run in a worker thread');

const post = (m: WorkerToMain): void => port.postMessage(m);
// Background work: the user's view gets the CPU first (background-priority.ts).
lowerThisThreadPriority();

function throttled(grep: BodyGrep | null): (p: Progress) => void {
  let last = 0;
  return (p) => {
    const now = Date.now();
    if (now - last < WORKER_PROGRESS_MS) return;
    last = now;
    // Matches go out before the progress that counts their bodies, so a caller never sees a body done and its match later.
    grep?.flush();
    post({ type: 'progress', progress: p });
  };
}

/** The blocks of the runs this worker claims, one run at a time, from the job's shared counter. */
function* claimedBlocks(
  blocks: readonly BlockRow[],
  runs: readonly number[],
  claim: SharedArrayBuffer,
  onRun: (run: readonly BlockRow[]) => void,
): Iterable<BlockRow> {
  const counter = new Int32Array(claim);
  for (;;) {
    const run = Atomics.add(counter, 0, 1);
    if (run >= runs.length) return;
    const mine = blocks.slice(runs[run]!, run + 1 < runs.length ? runs[run + 1]! : blocks.length);
    onRun(mine);
    yield* mine;
  }
}

/** The task's body search, its matches posted as they come (and flushed with progress and at the end); null: none. */
function grepFor(task: VerifyTask): BodyGrep | null {
  if (!task.grep) return null;
  enableLinearRegExp();
  return new BodyGrep(task.grep, (matches) => post({ type: 'matches', matches }));
}

async function run(task: VerifyTask, claim: SharedArrayBuffer | undefined): Promise<PartResult> {
  const grep = grepFor(task);
  try {
    return await verifyTask(task, claim, grep);
  } finally {
    grep?.flush();
  }
}

async function verifyTask(task: VerifyTask, claim: SharedArrayBuffer | undefined, grep: BodyGrep | null): Promise<PartResult> {
  const db = openHardened(task.dbPath);
  // Rows are read in one forward pass, so SQLite's default 16 MiB page cache would only be filled, never reused:
  // each page of it is fresh memory the kernel zero-fills on first touch (~10 µs a fault in this VM).
  db.pragma(`cache_size = ${-VERIFY_SQLITE_CACHE_KIB}`);
  try {
    switch (task.kind) {
      case 'archive': {
        // One block at a time: a cursor is never asked for again once its block is done, so a cache of one keeps the
        // fewest raw and disk buffers in circulation (each new one is fresh, zero-filled memory).
        const opened = await openArchive({ ...task.archive, cursorCacheSize: 1 });
        if (!opened.ok) throw Object.assign(new Error(opened.error.message), { code: opened.error.code });
        try {
          // Claiming: which blocks this worker gets is known only as it goes, so their id spans are found run by run.
          const claiming = task.claimRuns && claim ? task.claimRuns : null;
          const rowsOf = blockRowReader(db, claiming ? undefined : task.blocks.map((b) => b.blockOffset));
          const named = namedBodyRow(db);
          const archive = opened.archive;
          const onVerified = grep
            ? (row: BodyIndexRow, block: BlockRow): void => {
                const at = archive.verifiedSpan?.(row, block);
                if (at) grep.searchInBlock(at.raw, at.start, row.bodyLen, block, () => named(row.id), at.verifiedEnd);
              }
            : undefined;
          return await verifyBlocks({
            archive: opened.archive,
            blocks: claiming
              ? claimedBlocks(task.blocks, claiming, claim!, (run) => rowsOf.prepare(run.map((b) => b.blockOffset)))
              : task.blocks,
            rowsOf: (b) => rowsOf(b.blockOffset),
            namedRow: named,
            maxListedFailures: task.maxListedFailures,
            onProgress: throttled(grep),
            ...(onVerified ? { onVerified } : {}),
          });
        } finally {
          opened.archive.close();
        }
      }
      case 'sqlite': {
        // Loaded only for L0: the archive reader brings its own hashing.
        const { initBlake3, blake3Tagged } = await import('../archive/blake3.js');
        await initBlake3();
        const hash = blake3Tagged;
        return await verifySqliteBodies({
          rows: sqliteBodyRows(db, task.firstId, task.lastId),
          hash,
          maxListedFailures: task.maxListedFailures,
          onProgress: throttled(grep),
          ...(grep ? { onVerified: (row: SqliteBodyRow, bytes: Uint8Array) => grep.search(bytes, () => row) } : {}),
        });
      }
    }
  } finally {
    db.close();
  }
}

port.once('message', (m: MainToWorker) => {
  run(m.task, m.claim).then(
    (result) => {
      post({ type: 'done', result });
      port.close();
    },
    (error: unknown) => {
      post({ type: 'failed', error: toFailure(error) });
      port.close();
    },
  );
});

// Every module above is loaded: a worker started ahead of its job (prestarted-workers.ts) is now ready.
post({ type: 'ready' });

// The two children the transcript memory bench times: the built CLI writing a transcript to a file, and the
// native reference, a bare better-sqlite3 process iterating the same story rows and writing each as a JSON line.
// Each runs in a process of its own and reports its own peak RSS (getrusage maxRSS), so neither weighs on the other.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TranscriptFormat } from '../../../src/shared/contract/transcript.js';

export interface ProbeFigure {
  readonly peakBytes: number;
  readonly ms: number;
  /** Lines (CLI) or rows (reference) written. */
  readonly count: number;
}

/** The tables a session transcript tells, as untraced.ts lists them (each read whole by the reference). */
const STORY_TABLES = [
  'model_calls',
  'tool_calls',
  'tool_responses',
  'net_events',
  'dns_events',
  'fs_events',
  'exec_events',
  'audit_events',
  'substitution_events',
  'security_rule_events',
  'security_decision_events',
  'security_ask_events',
];

/** Runs the script from a file beside `outFile` (not -e: the CLI's workers would inherit --input-type and fail). */
function child(script: string, args: readonly string[], outFile: string): ProbeFigure {
  const file = `${outFile}.probe.mjs`;
  writeFileSync(file, script);
  const out = execFileSync(process.execPath, [file, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 20,
  });
  rmSync(file, { force: true });
  return JSON.parse(out.trim().split('\n').pop()!) as ProbeFigure;
}

/** `capsem-inspect transcript <session> [--format F] -o <file>` from build/node, in a child process. */
export function cliTranscript(root: string, sessionDir: string, format: TranscriptFormat, outFile: string): ProbeFigure {
  const main = pathToFileURL(join(root, 'build/node/src/cli/main.js')).href;
  // The CLI's own stderr line ("wrote N lines to …") carries the line count; stdout is the figure alone.
  const script = `
    const { main } = await import(${JSON.stringify(main)});
    let lines = 0;
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = (s, ...rest) => { const m = /^wrote (\\d+) lines/.exec(String(s)); if (m) lines = Number(m[1]); return write(s, ...rest); };
    const t0 = performance.now();
    const code = await main(['transcript', process.argv[2], '--format', process.argv[3], '-o', process.argv[4]]);
    const ms = performance.now() - t0;
    if (code !== 0) process.exit(code);
    console.log(JSON.stringify({ peakBytes: process.resourceUsage().maxRSS * 1024, ms, count: lines }));
    process.exit(0);
  `;
  return child(script, [sessionDir, format, outFile], outFile);
}

/**
 * Every row of the story tables, read with .iterate() and written as JSON lines 500 at a time: the least any
 * export must do. (The ledger's rows hold no integer past 2^53, so JSON.stringify needs no BigInt handling.)
 */
export function nativeRows(dbPath: string, outFile: string): ProbeFigure {
  const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
  const script = `
    import { createRequire } from 'node:module';
    import { openSync, writeSync, closeSync } from 'node:fs';
    const Database = createRequire(import.meta.url)(${JSON.stringify(sqlite)});
    const t0 = performance.now();
    const db = new Database(process.argv[2], { readonly: true, fileMustExist: true });
    const has = (t) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(t) !== undefined;
    const fd = openSync(process.argv[3], 'w');
    let count = 0;
    let page = [];
    for (const t of ${JSON.stringify(STORY_TABLES)}) {
      if (!has(t)) continue;
      for (const r of db.prepare('SELECT * FROM ' + t + ' ORDER BY id').iterate()) {
        page.push(JSON.stringify(r) + '\\n');
        // Written 500 rows at a time, as the transcript writes a page.
        if (++count % 500 === 0) (writeSync(fd, page.join('')), (page = []));
      }
    }
    writeSync(fd, page.join(''));
    closeSync(fd);
    db.close();
    console.log(JSON.stringify({ peakBytes: process.resourceUsage().maxRSS * 1024, ms: performance.now() - t0, count }));
  `;
  return child(script, [dbPath, outFile], outFile);
}

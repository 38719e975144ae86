// Serve mode started the way a user starts it (`capsem-inspect serve <ledger>`), in its own child process so
// its memory is its own: the URL and token come from its stdout, the API is called with the token header, and
// its RSS is read from /proc/<pid>/status. bin/capsem-inspect.js runs the build when current, else the sources.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Overview } from '../../../src/shared/contract.js';
import { childPids } from './proc-tree.js';

const BIN = fileURLToPath(new URL('../../../bin/capsem-inspect.js', import.meta.url));
const URL_LINE = /Capsem Ledger Inspector on (http:\/\/127\.0\.0\.1:\d+\/\?token=([0-9a-f]+))/;

export interface ServeChild {
  readonly pid: number;
  readonly url: string;
  readonly origin: string;
  readonly token: string;
  /** How long from spawn until the URL was printed (the ledger is opened before the server answers). */
  readonly startMs: number;
  /** Everything the child wrote, for the report when something goes wrong. */
  readonly log: string[];
  api<T>(channel: string, arg: unknown): Promise<T>;
  memory(): ProcessMemory;
  /** Names what happens from now on; RSS is sampled every 200 ms and its peak kept per phase. */
  phase(name: string): void;
  /** Peak sampled RSS per phase, in order; the first phase, "open", is VmHWM when the URL was printed. */
  phasePeaks(): readonly { readonly phase: string; readonly peakBytes: number }[];
  /** The highest VmHWM seen of serve's child processes (its background host), 0 when it started none. */
  childrenPeakBytes(): number;
  stop(): Promise<void>;
}

export interface ProcessMemory {
  /** Peak resident set (VmHWM) and current resident set (VmRSS), bytes. */
  readonly hwmBytes: number;
  readonly rssBytes: number;
}

export function processMemory(pid: number): ProcessMemory {
  const status = readFileSync(join('/proc', String(pid), 'status'), 'utf8');
  const kib = (key: string): number => {
    const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!m) throw new Error(`/proc/${pid}/status has no ${key}`);
    return Number(m[1]) * 1024;
  };
  return { hwmBytes: kib('VmHWM'), rssBytes: kib('VmRSS') };
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}

export async function startServe(ledger: string, timeoutMs = 15 * 60_000): Promise<ServeChild> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [BIN, 'serve', ledger], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  const log: string[] = [];
  child.stderr!.on('data', (b: Buffer) => log.push(b.toString('utf8')));
  const found = await new Promise<RegExpExecArray>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`serve printed no URL within ${timeoutMs / 1000} s: ${log.join('')}`));
    }, timeoutMs);
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString('utf8');
      log.push(b.toString('utf8'));
      const m = URL_LINE.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`serve exited (${code ?? signal}) before printing its URL: ${log.join('')}`));
    });
  });
  const startMs = performance.now() - t0;
  const url = found[1]!;
  const token = found[2]!;
  const origin = new URL(url).origin;
  const pid = child.pid!;
  // If this process ends without stop() (an uncaught error), the server must not outlive it.
  const orphanGuard = (): void => void child.kill('SIGTERM');
  process.once('exit', orphanGuard);
  // The open happens before the URL is printed: its peak is VmHWM at that moment.
  const peaks: { phase: string; peakBytes: number }[] = [{ phase: 'open', peakBytes: processMemory(pid).hwmBytes }];
  let current: { phase: string; peakBytes: number } | null = null;
  let childrenPeak = 0;
  const sampler = setInterval(() => {
    for (const c of childPids(pid)) {
      try {
        childrenPeak = Math.max(childrenPeak, processMemory(c).hwmBytes);
      } catch {
        // Ended between the listing and the read.
      }
    }
    if (!current) return;
    try {
      current.peakBytes = Math.max(current.peakBytes, processMemory(pid).rssBytes);
    } catch {
      // The process is gone.
    }
  }, 200);
  child.once('exit', () => clearInterval(sampler));
  return {
    pid,
    url,
    origin,
    token,
    startMs,
    log,
    async api<T>(channel: string, arg: unknown): Promise<T> {
      const res = await fetch(`${origin}/api/${channel}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-capsem-token': token },
        body: JSON.stringify(arg),
      });
      const r = (await res.json()) as { ok: true; value: T } | { ok: false; error: { code: string; message: string } };
      if (!r.ok) throw new Error(`${channel}: ${r.error.code}: ${r.error.message}`);
      return r.value;
    },
    memory: () => processMemory(pid),
    phase(name: string): void {
      current = { phase: name, peakBytes: processMemory(pid).rssBytes };
      peaks.push(current);
    },
    phasePeaks: () => peaks,
    childrenPeakBytes: () => childrenPeak,
    async stop(): Promise<void> {
      // SIGTERM is serve's own "stop" (it closes the server and its evidence, removing its scratch copy).
      process.off('exit', orphanGuard);
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited(child);
      clearTimeout(killer);
    },
  };
}

/**
 * Waits until the open's follow-up (copy proof, quick_check, archive hash, scans) is done, so a scroll figure measures
 * scrolling during a verification, not during the open's own checks. Returns how long it waited.
 */
export async function afterFollowUp(serve: ServeChild, evidenceId: string): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    const o = await serve.api<Overview>('overview', { evidenceId });
    if (!o.followUp || Object.values(o.followUp).every((p) => p.state !== 'pending')) break;
    if (performance.now() - t0 > 180_000) throw new Error("the open's follow-up did not finish within 3 min");
    await new Promise((r) => setTimeout(r, 200));
  }
  const ms = performance.now() - t0;
  console.log(`    open's follow-up done (waited ${(ms / 1000).toFixed(1)} s)`);
  return ms;
}

/**
 * Diagnostics for performance work, off unless CAPSEM_SERVE_TRACE=1: one stderr line per request (when it
 * arrived, when its response finished, both as epoch ms, to line up with a page's performance.timeOrigin) and one per stall of the event
 * loop longer than 30 ms (the main thread busy with something synchronous). Nothing is logged otherwise.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

const STALL_MS = 30;
const TICK_MS = 10;

export interface RequestTrace {
  /** Call when a request arrives; logs when its response has been sent. */
  request(req: IncomingMessage, res: ServerResponse): void;
  stop(): void;
}

const now = (): string => (performance.timeOrigin + performance.now()).toFixed(0);

export function requestTrace(enabled = process.env.CAPSEM_SERVE_TRACE === '1'): RequestTrace | null {
  if (!enabled) return null;
  const write = (line: string): void => void process.stderr.write(`[trace] ${line}\n`);
  // A timer due every TICK_MS that fires late by more than STALL_MS means the loop was held that long.
  let due = performance.now() + TICK_MS;
  const timer = setInterval(() => {
    const t = performance.now();
    if (t - due > STALL_MS) write(`stall ${(t - due).toFixed(0)} ms ending at ${now()}`);
    due = t + TICK_MS;
  }, TICK_MS);
  timer.unref();
  return {
    request(req, res) {
      const at = now();
      const path = (req.url ?? '').replace(/token=[0-9a-f]+/, 'token=…');
      res.once('finish', () => write(`${req.method} ${path} in ${at} out ${now()} status ${res.statusCode}`));
    },
    stop: () => clearInterval(timer),
  };
}

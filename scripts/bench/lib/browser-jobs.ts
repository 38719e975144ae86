// The verification the browser figures run beside: started through the UI (Integrity view, "Verify all
// bodies"), as a user starts it, and followed from Node over serve mode's own event stream, so the figures can
// say whether it really ran for the whole measured window.
import type { Page } from 'playwright-core';

export interface JobEvent {
  readonly name: 'job.progress' | 'job.done';
  /** performance.now() of this process when the event arrived. */
  readonly at: number;
  readonly jobId: string;
  readonly bytesDone: number | null;
  readonly bytesTotal: number | null;
}

export interface JobWatch {
  readonly events: JobEvent[];
  /** The job's state at `at`: running (progress seen, not done), done, or not started. */
  stateAt(jobId: string, at: number): 'running' | 'done' | 'not started';
  doneAt(jobId: string): number | null;
  lastProgress(jobId: string): JobEvent | null;
  close(): void;
}

export async function watchJobs(origin: string, token: string): Promise<JobWatch> {
  const abort = new AbortController();
  const res = await fetch(`${origin}/events?token=${token}`, { signal: abort.signal });
  if (!res.ok || !res.body) throw new Error(`GET /events answered ${res.status}`);
  const events: JobEvent[] = [];
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buf += value;
        let cut;
        while ((cut = buf.indexOf('\n\n')) >= 0) {
          const frame = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          const name = /^event: (.+)$/m.exec(frame)?.[1];
          const data = /^data: (.+)$/m.exec(frame)?.[1];
          if ((name !== 'job.progress' && name !== 'job.done') || !data) continue;
          const p = JSON.parse(data) as { jobId: string; bytesDone?: number; bytesTotal?: number };
          events.push({ name, at: performance.now(), jobId: p.jobId, bytesDone: p.bytesDone ?? null, bytesTotal: p.bytesTotal ?? null });
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  const doneAt = (jobId: string): number | null => events.find((e) => e.jobId === jobId && e.name === 'job.done')?.at ?? null;
  return {
    events,
    doneAt,
    stateAt(jobId, at) {
      const done = doneAt(jobId);
      if (done !== null && done <= at) return 'done';
      return events.some((e) => e.jobId === jobId && e.at <= at) ? 'running' : 'not started';
    },
    lastProgress: (jobId) => [...events].reverse().find((e) => e.jobId === jobId && e.name === 'job.progress') ?? null,
    close: () => abort.abort(),
  };
}

/** Opens the Integrity view, clicks "Verify all bodies" and waits for the first progress event of that job. */
export async function startVerificationInUi(page: Page, evidenceId: string, watch: JobWatch): Promise<string> {
  const before = new Set(watch.events.map((e) => e.jobId));
  await page.evaluate((h) => {
    window.location.hash = h;
  }, `#/e/${evidenceId}/integrity`);
  await page.getByRole('button', { name: 'Verify all bodies' }).click({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Cancel verification' }).waitFor({ timeout: 60_000 });
  const t0 = performance.now();
  for (;;) {
    const fresh = watch.events.find((e) => !before.has(e.jobId));
    if (fresh) return fresh.jobId;
    if (performance.now() - t0 > 60_000) throw new Error('no job event within 60 s of clicking "Verify all bodies"');
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface Relay {
  /**
   * Stops starting new verifications. Says how many ran from the relay's start, how many bytes they verified,
   * and the longest time within [from, to] (performance.now() of this process) with no verification running.
   */
  stop(from: number, to: number): { readonly runs: number; readonly longestGapMs: number; readonly bytesDone: number };
}

/**
 * Keeps a verification running: whenever the current one ends, the next is started through serve mode's API
 * (as a user clicking "Verify all bodies" again would), so a window longer than one verification is still
 * measured beside one. The gap between the end of one and the first event of the next is recorded.
 */
export function keepVerifying(watch: JobWatch, firstJobId: string, start: () => Promise<string>): Relay {
  let current = firstJobId;
  let runs = 1;
  const gaps: [number, number][] = [];
  let stopped = false;
  const done: string[] = [];
  void (async () => {
    while (!stopped) {
      const endedAt = watch.doneAt(current);
      if (endedAt !== null) {
        done.push(current);
        current = await start();
        runs++;
        while (!stopped && watch.stateAt(current, performance.now()) === 'not started') await new Promise((r) => setTimeout(r, 10));
        gaps.push([endedAt, watch.events.find((e) => e.jobId === current)?.at ?? performance.now()]);
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return {
    stop(from, to) {
      stopped = true;
      const bytes = (id: string): number => watch.lastProgress(id)?.bytesDone ?? 0;
      // A gap still open at the end (the last run ended, the next not started yet) counts up to `to`.
      const ended = watch.doneAt(current);
      const all = ended !== null && ended < to ? [...gaps, [ended, to] as [number, number]] : gaps;
      const longestGapMs = all.reduce((m, [a, b]) => Math.max(m, Math.min(b, to) - Math.max(a, from)), 0);
      return { runs, longestGapMs, bytesDone: [...done, current].reduce((n, id) => n + bytes(id), 0) };
    },
  };
}

/**
 * The verdict of one opened ledger (integrity.verdict), shared by every view that shows it (header, overview,
 * integrity view, library): one poll per evidence however many views are on screen, asked again while it reads
 * "checking" and at once when a verification's job event arrives, so DAMAGED shows from the first failure.
 */
import { useEffect, useState } from 'react';
import type { VerdictView } from '../../../shared/contract.js';
import { client } from './client.js';

/** While checking: the header's progress moves at this pace (job progress events come every 200 ms at most). */
const POLL_MS = 400;

interface Entry {
  value: VerdictView | null;
  readonly listeners: Set<(v: VerdictView) => void>;
  timer: ReturnType<typeof setTimeout> | null;
  asking: boolean;
}

const entries = new Map<string, Entry>();

function ask(ev: string): void {
  const e = entries.get(ev);
  if (!e || e.asking) return;
  e.asking = true;
  if (e.timer) clearTimeout(e.timer);
  e.timer = null;
  void client.call('integrity.verdict', { evidenceId: ev }).then((r) => {
    e.asking = false;
    if (entries.get(ev) !== e) return;
    if (r.ok) {
      e.value = r.value;
      for (const l of e.listeners) l(r.value);
    }
    // A failed call (the evidence was closed, say) is asked again too, but more slowly.
    if (!r.ok || r.value.verdict === 'checking') e.timer = setTimeout(() => ask(ev), r.ok ? POLL_MS : POLL_MS * 5);
  });
}

let unsubscribeEvents: (() => void) | null = null;

function watchJobs(): void {
  if (unsubscribeEvents) return;
  // A verification that moved (a body failed, it finished, it was cancelled): ask now, not at the next tick.
  unsubscribeEvents = client.onEvent((event) => {
    if (event.name === 'job.done' || (event.name === 'job.progress' && event.payload.failed > 0)) ask(event.payload.evidenceId);
    else if (entries.get(event.payload.evidenceId)?.value?.verdict !== 'checking') ask(event.payload.evidenceId);
  });
}

/** Ask again now (a view started or cancelled a verification). */
export function refreshVerdict(ev: string): void {
  ask(ev);
}

export function useVerdict(ev: string | null): VerdictView | null {
  const [value, setValue] = useState<VerdictView | null>(() => (ev ? (entries.get(ev)?.value ?? null) : null));
  useEffect(() => {
    if (!ev) return;
    watchJobs();
    let e = entries.get(ev);
    if (!e) {
      e = { value: null, listeners: new Set(), timer: null, asking: false };
      entries.set(ev, e);
    }
    setValue(e.value);
    e.listeners.add(setValue);
    ask(ev);
    const entry = e;
    return () => {
      entry.listeners.delete(setValue);
      if (entry.listeners.size === 0) {
        if (entry.timer) clearTimeout(entry.timer);
        entries.delete(ev);
      }
    };
  }, [ev]);
  return ev ? value : null;
}

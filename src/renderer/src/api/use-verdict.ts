/**
 * The verdict of one opened ledger (integrity.verdict), shared by every view that shows it (header, overview,
 * integrity view, library): one entry per evidence however many views are on screen. Asked when a view first shows
 * it and again each time the core says it moved (the verdict.changed event, sent after the change: a verification
 * started, progressed or ended, a check or the report finished), never on a clock.
 */
import { useEffect, useState } from 'react';
import type { VerdictView } from '../../../shared/contract.js';
import { client } from './client.js';

/** A call that failed (the transport hiccuped, the evidence is closing) is asked again after this long. */
const RETRY_MS = 2_000;

interface Entry {
  value: VerdictView | null;
  readonly listeners: Set<(v: VerdictView) => void>;
  timer: ReturnType<typeof setTimeout> | null;
  asking: boolean;
  /** Told of a change while an ask was on its way: its answer may predate the change, so ask once more. */
  again: boolean;
}

const entries = new Map<string, Entry>();

function ask(ev: string): void {
  const e = entries.get(ev);
  if (!e) return;
  if (e.asking) {
    e.again = true;
    return;
  }
  e.asking = true;
  e.again = false;
  if (e.timer) clearTimeout(e.timer);
  e.timer = null;
  void client.call('integrity.verdict', { evidenceId: ev }).then((r) => {
    e.asking = false;
    if (entries.get(ev) !== e) return;
    if (r.ok) {
      e.value = r.value;
      for (const l of e.listeners) l(r.value);
    }
    if (e.again) ask(ev);
    else if (!r.ok) e.timer = setTimeout(() => ask(ev), RETRY_MS);
  });
}

let unsubscribeEvents: (() => void) | null = null;

function watchVerdicts(): void {
  if (unsubscribeEvents) return;
  const offEvents = client.onEvent((event) => {
    if (event.name === 'verdict.changed') ask(event.payload.evidenceId);
  });
  // Changes made while the event stream was not yet (or no longer) connected were not heard: ask for all again.
  const offConnected = client.onEventsConnected(() => {
    for (const ev of entries.keys()) ask(ev);
  });
  unsubscribeEvents = () => {
    offEvents();
    offConnected();
  };
}

/** Ask again now (a view started or cancelled a verification). */
export function refreshVerdict(ev: string): void {
  ask(ev);
}

export function useVerdict(ev: string | null): VerdictView | null {
  const [value, setValue] = useState<VerdictView | null>(() => (ev ? (entries.get(ev)?.value ?? null) : null));
  useEffect(() => {
    if (!ev) return;
    watchVerdicts();
    let e = entries.get(ev);
    if (!e) {
      e = { value: null, listeners: new Set(), timer: null, asking: false, again: false };
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

/**
 * One body search job at a time: start, cancel, and the state its events build. Events can arrive before
 * jobs.grep.start answers (a small job may even finish first), so every event is kept by job id until the id is known.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BodyPatternKind, JobEvent, JobProgress, SearchMatch, VerifySummary } from '../../../../shared/contract.js';
import { isJobEvent } from '../../../../shared/contract.js';
import { client } from '../../api/client.js';

export interface BodySearchState {
  readonly phase: 'idle' | 'starting' | 'running' | 'done' | 'failed';
  readonly jobId: string | null;
  readonly progress: JobProgress | null;
  readonly matches: readonly SearchMatch[];
  /** Matches found, including those past the cap the server forwards. */
  readonly total: number;
  /** The verification summary: its failures are the bodies that were not searched. */
  readonly summary: VerifySummary | null;
  readonly error: { readonly code: string; readonly message: string } | null;
}

const IDLE: BodySearchState = { phase: 'idle', jobId: null, progress: null, matches: [], total: 0, summary: null, error: null };

function fold(s: BodySearchState, e: JobEvent): BodySearchState {
  switch (e.name) {
    case 'job.progress':
      return s.phase === 'done' || s.phase === 'failed' ? s : { ...s, phase: 'running', progress: e.payload };
    case 'job.matches':
      return {
        ...s,
        matches: e.payload.matches.length > 0 ? [...s.matches, ...e.payload.matches] : s.matches,
        total: Math.max(s.total, e.payload.total),
      };
    case 'job.done':
      return e.payload.outcome.ok
        ? { ...s, phase: 'done', summary: e.payload.outcome.value }
        : { ...s, phase: 'failed', error: e.payload.outcome.error };
  }
}

export function useBodySearch(ev: string): {
  state: BodySearchState;
  start: (kind: BodyPatternKind, pattern: string, ignoreCase: boolean) => void;
  cancel: () => void;
} {
  const [state, setState] = useState<BodySearchState>(IDLE);
  const current = useRef<string | null>(null);
  const early = useRef(new Map<string, JobEvent[]>());
  useEffect(
    () =>
      client.onEvent((e) => {
        if (!isJobEvent(e) || e.payload.evidenceId !== ev) return;
        if (e.name !== 'job.matches' && e.payload.kind !== 'grep') return;
        if (e.payload.jobId === current.current) setState((s) => fold(s, e));
        else if (current.current === null) {
          const list = early.current.get(e.payload.jobId) ?? [];
          if (list.length < 10_000) list.push(e);
          early.current.set(e.payload.jobId, list);
        }
      }),
    [ev],
  );
  const start = useCallback(
    (kind: BodyPatternKind, pattern: string, ignoreCase: boolean) => {
      const previous = current.current;
      if (previous) void client.call('jobs.cancel', { jobId: previous });
      current.current = null;
      early.current.clear();
      setState({ ...IDLE, phase: 'starting' });
      void client.call('jobs.grep.start', { evidenceId: ev, kind, pattern, ignoreCase }).then((r) => {
        if (!r.ok) return setState({ ...IDLE, phase: 'failed', error: r.error });
        current.current = r.value.jobId;
        const waiting = early.current.get(r.value.jobId) ?? [];
        early.current.clear();
        setState(waiting.reduce(fold, { ...IDLE, phase: 'running', jobId: r.value.jobId }));
      });
    },
    [ev],
  );
  const cancel = useCallback(() => {
    if (current.current) void client.call('jobs.cancel', { jobId: current.current });
  }, []);
  return { state, start, cancel };
}

/**
 * One hunt of the Hunt view: started and cancelled here, its results read on each `hunt.changed` about it (and when
 * the event stream reconnects), never on a clock. Each read asks only for the hits after those already held.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { HuntHitView, HuntResults, HuntStartArg } from '../../../../shared/contract/hunt.js';
import type { Failure } from '../../../../shared/errors.js';
import { client } from '../../api/client.js';
import type { Asker } from '../../api/one-ask-at-a-time.js';
import { oneAskAtATime } from '../../api/one-ask-at-a-time.js';

export interface HuntState {
  /** The latest results with every hit held so far (not only the last read's). */
  readonly results: HuntResults | null;
  readonly error: Failure | null;
  readonly starting: boolean;
}

export function useHunt(libraryId: string) {
  const [state, setState] = useState<HuntState>({ results: null, error: null, starting: false });
  const run = useRef<{ runId: string; hits: HuntHitView[]; asker: Asker } | null>(null);

  useEffect(() => {
    const off = client.onEvent((e) => {
      if (e.name === 'hunt.changed' && e.payload.runId === run.current?.runId) run.current.asker.ask();
    });
    const offConnected = client.onEventsConnected(() => run.current?.asker.ask());
    return () => {
      off();
      offConnected();
      run.current?.asker.stop();
    };
  }, []);

  const start = useCallback(
    async (arg: Omit<HuntStartArg, 'libraryId'>) => {
      run.current?.asker.stop();
      run.current = null;
      setState({ results: null, error: null, starting: true });
      const r = await client.call('library.hunt.start', { libraryId, ...arg });
      if (!r.ok) return setState({ results: null, error: r.error, starting: false });
      const held: HuntHitView[] = [];
      const asker: Asker = oneAskAtATime(async () => {
        const got = await client.call('library.hunt.results', { runId: r.value.runId, offset: held.length });
        if (asker.stopped) return;
        if (!got.ok) return setState((s) => ({ ...s, error: got.error, starting: false }));
        held.push(...got.value.hits);
        setState({ results: { ...got.value, hits: [...held] }, error: null, starting: false });
      });
      run.current = { runId: r.value.runId, hits: held, asker };
      // Asked once now: the hunt may have said hunt.changed before its id was known here.
      asker.ask();
    },
    [libraryId],
  );

  const cancel = useCallback(() => {
    const runId = run.current?.runId;
    if (runId) void client.call('library.hunt.cancel', { runId });
  }, []);

  return { state, start, cancel };
}

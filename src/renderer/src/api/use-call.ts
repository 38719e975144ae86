/** A small data hook: calls a channel when its key changes, keeps the last value, the error and a reload. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ArgOf, Channel, ResultOf } from '../../../shared/contract.js';
import { client } from './client.js';
import { takeArrived } from './early-calls.js';

export interface CallState<T> {
  readonly value: T | null;
  readonly error: { code: string; message: string } | null;
  readonly loading: boolean;
  reload(): void;
}

/** `arg` undefined: do not call (yet). A new argument clears the old value, so no view shows another item's data. */
export function useCall<C extends Channel>(channel: C, arg: ArgOf<C> | undefined): CallState<ResultOf<C>> {
  const key = arg === undefined ? null : `${channel}:${JSON.stringify(arg)}`;
  // An answer main.tsx asked for early and that is here already is shown in the first render (no render and
  // layout of a "Loading…" placeholder first); the effect below then has nothing to ask for this key.
  const [first] = useState(() => (arg === undefined ? undefined : takeArrived(channel, arg)));
  const [state, setState] = useState<{
    key: string | null;
    value: ResultOf<C> | null;
    error: { code: string; message: string } | null;
    loading: boolean;
  }>(() =>
    first
      ? first.ok
        ? { key, value: first.value, error: null, loading: false }
        : { key, value: null, error: first.error, loading: false }
      : { key, value: null, error: null, loading: key !== null },
  );
  const answered = useRef(first ? key : null);
  const [tick, setTick] = useState(0);
  const argRef = useRef(arg);
  argRef.current = arg;
  useEffect(() => {
    if (key === null) return;
    if (answered.current === key && tick === 0) {
      answered.current = null;
      return;
    }
    let live = true;
    setState((s) => (s.key === key ? { ...s, loading: true, error: null } : { key, value: null, error: null, loading: true }));
    void client.call(channel, argRef.current as ArgOf<C>).then((r) => {
      if (!live) return;
      setState(r.ok ? { key, value: r.value, error: null, loading: false } : { key, value: null, error: r.error, loading: false });
    });
    return () => {
      live = false;
    };
  }, [channel, key, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  // Until the effect runs for a new key, do not hand out the previous key's value.
  const current = state.key === key;
  return {
    value: current ? state.value : null,
    error: current ? state.error : null,
    loading: current ? state.loading : key !== null,
    reload,
  };
}

/**
 * Calls started before React and the views' code have loaded (main.tsx, from the URL alone), handed to the first
 * view that makes the same call. On a fresh load the first view used to ask for its data only after the whole
 * bundle had run and rendered once, and the Tables view asked for its first page only after the table list had
 * come back: each a wait in series that the server could have spent answering. Each early answer is handed out
 * once (a later identical call asks again); one that nobody takes is dropped after EARLY_TTL_MS.
 */
import type { ArgOf, Channel, ResultOf } from '../../../shared/contract.js';
import type { Result } from '../../../shared/errors.js';

export const EARLY_TTL_MS = 30_000;

const early = new Map<string, Promise<Result<unknown>>>();
/** Early answers that have arrived, by key: a view's first render can show them without waiting a turn. */
const arrived = new Map<string, Result<unknown>>();

/** The same call is the same channel with the same argument, serialised the way the transports send it. */
export const callKey = (channel: Channel, arg: unknown): string => `${channel}\0${JSON.stringify(arg ?? null)}`;

export function startEarly<C extends Channel>(channel: C, arg: ArgOf<C>, call: (c: C, a: ArgOf<C>) => Promise<Result<ResultOf<C>>>): void {
  const key = callKey(channel, arg);
  if (early.has(key)) return;
  const p = call(channel, arg) as Promise<Result<unknown>>;
  early.set(key, p);
  void p.then((r) => {
    if (early.get(key) === p) arrived.set(key, r);
  });
  setTimeout(() => {
    if (early.get(key) === p) forget(key);
  }, EARLY_TTL_MS);
}

/** The early call's answer for this exact call, once; undefined when none was started (or it was taken). */
export function takeEarly<C extends Channel>(channel: C, arg: ArgOf<C>): Promise<Result<ResultOf<C>>> | undefined {
  const key = callKey(channel, arg);
  const p = early.get(key);
  if (p) forget(key);
  return p as Promise<Result<ResultOf<C>>> | undefined;
}

/** The early call's answer if it has arrived already, taken (once) like takeEarly; else undefined and nothing taken. */
export function takeArrived<C extends Channel>(channel: C, arg: ArgOf<C>): Result<ResultOf<C>> | undefined {
  const key = callKey(channel, arg);
  const r = arrived.get(key);
  if (r) forget(key);
  return r as Result<ResultOf<C>> | undefined;
}

function forget(key: string): void {
  early.delete(key);
  arrived.delete(key);
}

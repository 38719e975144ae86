/**
 * Asks made when the core says something moved: at most one on its way at a time, and a change heard meanwhile
 * asks once more after it, since that answer may predate the change. Answers therefore arrive in the order asked,
 * so an older one never lands after a newer one.
 */
export interface Asker {
  ask(): void;
  /** No more asks, and the answer of one still on its way is the caller's to drop (`stopped`). */
  stop(): void;
  readonly stopped: boolean;
}

export function oneAskAtATime(call: () => Promise<unknown>): Asker {
  let busy = false;
  let again = false;
  let stopped = false;
  const ask = (): void => {
    if (stopped) return;
    if (busy) return void (again = true);
    busy = true;
    again = false;
    // The caller's answers come as results; a throw here is a bug, and must not leave every later ask dropped.
    const settle = (): void => {
      busy = false;
      if (again) ask();
    };
    void call().then(settle, settle);
  };
  return {
    ask,
    stop: () => void (stopped = true),
    get stopped() {
      return stopped;
    },
  };
}

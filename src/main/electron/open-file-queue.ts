/**
 * macOS delivers files through `open-file`, one event per file and possibly before `ready` (a double-click that
 * launches the app). Paths are queued until the app is ready, and events arriving close together are gathered into
 * one batch, so a database and its archive opened together become one session instead of two attempts.
 */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface OpenFileQueue {
  /** Add a path (call from the open-file listener, after event.preventDefault()). */
  push(path: string): void;
  /** The app is ready: deliver everything queued, and every later batch, to `deliver`. */
  start(deliver: (paths: string[]) => void): void;
}

export const OPEN_FILE_BATCH_MS = 150;

export function createOpenFileQueue(timers: Timers, batchMs = OPEN_FILE_BATCH_MS): OpenFileQueue {
  let pending: string[] = [];
  let deliver: ((paths: string[]) => void) | null = null;
  let timer: unknown = null;
  const flush = (): void => {
    timer = null;
    if (!deliver || pending.length === 0) return;
    const batch = pending;
    pending = [];
    deliver(batch);
  };
  const schedule = (): void => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = timers.setTimeout(flush, batchMs);
  };
  return {
    push(path) {
      pending.push(path);
      if (deliver) schedule();
    },
    start(target) {
      deliver = target;
      if (pending.length > 0) schedule();
    },
  };
}

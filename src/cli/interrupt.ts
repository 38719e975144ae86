/** Removes what a forced exit would leave behind (a half-written file); returns a function that forgets it again. */
export type AtForcedExit = (cleanup: () => void) => () => void;

const EXIT_CODE: Readonly<Record<'SIGINT' | 'SIGTERM', number>> = { SIGINT: 130, SIGTERM: 143 };

/**
 * Long commands (check --verify-bodies, export-warc, transcript -o) stop cleanly on Ctrl-C or SIGTERM: the first is
 * heard as a cancel, the job sees an aborted signal and cleans up on its own. A second one is a user who will not
 * wait: the process ends at once, but only after the cleanups registered with `atForcedExit` have run, so even then
 * no temporary file is left beside the destination.
 */
export async function cancelOnInterrupt<T>(work: (signal: AbortSignal, atForcedExit: AtForcedExit) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const cleanups = new Set<() => void>();
  const atForcedExit: AtForcedExit = (cleanup) => {
    cleanups.add(cleanup);
    return () => void cleanups.delete(cleanup);
  };
  const heard = (name: 'SIGINT' | 'SIGTERM') => (): void => {
    if (!controller.signal.aborted) {
      controller.abort();
      return;
    }
    for (const cleanup of cleanups) {
      try {
        cleanup();
      } catch {
        // One cleanup that fails must not keep the others from running; the process is leaving either way.
      }
    }
    process.exit(EXIT_CODE[name]);
  };
  // One listener per signal, so each knows its own name (and its exit code) whoever emits it.
  const onInterrupt = heard('SIGINT');
  const onTerminate = heard('SIGTERM');
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onTerminate);
  try {
    return await work(controller.signal, atForcedExit);
  } finally {
    // Gone once the work settles, so a later Ctrl-C ends the process as usual.
    process.removeListener('SIGINT', onInterrupt);
    process.removeListener('SIGTERM', onTerminate);
  }
}

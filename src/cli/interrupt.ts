/** Long commands (check --verify-bodies, export-warc) stop cleanly on Ctrl-C: the job sees an aborted signal. */
export async function cancelOnInterrupt<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onInterrupt = (): void => controller.abort();
  process.once('SIGINT', onInterrupt);
  try {
    return await work(controller.signal);
  } finally {
    // Gone once the work settles, so a later Ctrl-C ends the process as usual.
    process.removeListener('SIGINT', onInterrupt);
  }
}

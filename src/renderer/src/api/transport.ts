import type { ArgOf, Channel, EvidenceSummary, InspectorEvent, ResultOf } from '../../../shared/contract.js';
import type { Result } from '../../../shared/errors.js';

/** A file dropped on the page (both transports take them; serve mode uploads them). */
export interface DroppedUpload {
  readonly file: File;
  /** Path inside the dropped folder, when a folder was dropped. */
  readonly relativePath?: string;
}

/** What the views need from the core, whichever way it is reached. */
export interface Transport {
  readonly kind: 'electron' | 'http';
  /**
   * True when the host shows what a drop opened: the desktop's main process loads it into the empty start window or
   * opens (or focuses) a window of its own, and says a refusal in a dialog. The page then must not navigate itself,
   * or it races main's load of the same window and takes a session window away from its session.
   */
  readonly hostShowsDropped: boolean;
  call<C extends Channel>(channel: C, arg: ArgOf<C>): Promise<Result<ResultOf<C>>>;
  onEvent(listener: (e: InspectorEvent) => void): () => void;
  /**
   * Called each time the event stream (re)connects: events sent before then were not heard, so what events keep
   * fresh must be asked again. Serve's Server-Sent Events connect after the page asked its first questions; the
   * desktop's IPC listens from the first onEvent, so it never calls this.
   */
  onEventsConnected(listener: () => void): () => void;
  openDropped(files: readonly DroppedUpload[], folder: string | null): Promise<Result<EvidenceSummary>>;
}

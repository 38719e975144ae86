import type { ArgOf, Channel, EvidenceSummary, InspectorEvent, ResultOf } from '../../../shared/contract.js';
import type { Result } from '../../../shared/errors.js';
import type { DroppedUpload } from './http-transport.js';

/** What the views need from the core, whichever way it is reached. */
export interface Transport {
  readonly kind: 'electron' | 'http';
  call<C extends Channel>(channel: C, arg: ArgOf<C>): Promise<Result<ResultOf<C>>>;
  onEvent(listener: (e: InspectorEvent) => void): () => void;
  openDropped(files: readonly DroppedUpload[], folder: string | null): Promise<Result<EvidenceSummary>>;
}

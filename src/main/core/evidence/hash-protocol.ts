/** Messages between hash-copy's hash offload and its worker (hash-worker.ts). */
export type MainToHashWorker =
  | { readonly type: 'buffers'; readonly buffers: readonly SharedArrayBuffer[] }
  /** Hash the first `length` bytes of shared buffer `slot`; answered by one `ack`, in order. */
  | { readonly type: 'chunk'; readonly slot: number; readonly length: number }
  | { readonly type: 'digest' };

export type HashWorkerToMain =
  | { readonly type: 'ack' }
  | { readonly type: 'digest'; readonly hex: string }
  | { readonly type: 'error'; readonly message: string };

/** What the worker is started with: the hash it keeps (default sha256), and whether it runs at background priority. */
export interface HashWorkerData {
  readonly algorithm?: 'sha256' | 'blake3';
  readonly background?: boolean;
}

/** Messages between hash-copy's SHA-256 offload and its worker (sha256-worker.ts). */
export type MainToSha256 =
  | { readonly type: 'buffers'; readonly buffers: readonly SharedArrayBuffer[] }
  /** Hash the first `length` bytes of shared buffer `slot`; answered by one `ack`, in order. */
  | { readonly type: 'chunk'; readonly slot: number; readonly length: number }
  | { readonly type: 'digest' };

export type Sha256ToMain =
  | { readonly type: 'ack' }
  | { readonly type: 'digest'; readonly hex: string }
  | { readonly type: 'error'; readonly message: string };

/** What the worker is started with: the hash it keeps (default sha256), and whether it runs at background priority. */
export interface Sha256WorkerData {
  readonly algorithm?: 'sha256' | 'blake3';
  readonly background?: boolean;
}

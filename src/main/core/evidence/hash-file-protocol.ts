/** What hash-file-worker.ts is asked (its workerData) and answers: one file hash per worker. */
import type { FileHashes } from '../../../shared/ledger-types.js';
import type { SeenFile } from './safe-fs.js';

export type HashFileRequest =
  /** SHA-256 + BLAKE3 of an evidence file, opened by the safe opener and only if it is still the file seen. */
  | { readonly op: 'evidence'; readonly path: string; readonly seen: SeenFile | null }
  /** Size and BLAKE3 of a file of ours (the scratch copy). */
  | { readonly op: 'own'; readonly path: string };

export type HashFileReply =
  | { readonly type: 'evidence'; readonly hashes: FileHashes }
  | { readonly type: 'own'; readonly size: number; readonly blake3: string }
  | { readonly type: 'failed'; readonly code: string; readonly message: string };

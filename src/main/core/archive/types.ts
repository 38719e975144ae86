import type { ArchiveState, BlockRow, BodyIndexRow } from '../../../shared/ledger-types.js';
import type { Failure } from '../../../shared/errors.js';

/**
 * Where the archive lives. The archive is only ever opened with read-only file handles.
 * - `file`: a single-file archive (v1, v2, or a v3 header in a regular file).
 * - `directory`: a v3 generation directory; the selected generation comes from `archiveState`.
 */
export type ArchiveLocation = { readonly kind: 'file'; readonly path: string } | { readonly kind: 'directory'; readonly path: string };

export interface ArchiveOpenOptions {
  readonly location: ArchiveLocation;
  /** Present for A3/A4: identity and committed extent to check the generation file against. */
  readonly archiveState?: ArchiveState | null;
  /** The file version the ledger generation implies (1 for A1, 2 for A2, 3 for A3/A4). */
  readonly expectedVersion: 1 | 2 | 3;
  /**
   * Which zstd decoder to use. `auto` (default): native when it loads, else fzstd.
   * `fzstd`: the pure-JS decoder that always works. `native`: the optional zstd-napi addon; opening fails
   * with BAD_REQUEST when it cannot be loaded. Both give identical results, including on damage.
   */
  readonly zstdBackend?: ZstdBackendChoice;
  /** How many block cursors to keep (default 4). Each holds at most one block's raw bytes (≤ 16 MiB). */
  readonly cursorCacheSize?: number;
}

export type ZstdBackendChoice = 'auto' | 'fzstd' | 'native';
/** The decoder actually in use. */
export type ZstdBackendName = 'fzstd' | 'zstd-napi';

/** The outcome of reading one body: verified bytes, or a failure with a code and a sentence. Never partial bytes. */
export type BodyReadResult = { readonly ok: true; readonly bytes: Uint8Array } | { readonly ok: false; readonly error: Failure };

/** The outcome of checking one body without handing its bytes out: how many bytes verified, or the failure readBody would give. */
export type BodyCheckResult = { readonly ok: true; readonly length: number } | { readonly ok: false; readonly error: Failure };

export interface OpenedArchive {
  /** The file actually read (v3: the selected generation file). */
  readonly filePath: string;
  readonly fileVersion: 1 | 2 | 3;
  readonly fileSize: number;
  /** The zstd decoder this archive uses (chosen at open). */
  readonly zstdBackend: ZstdBackendName;
  /**
   * Reads one body through every hash on the way. `block` is the body_blocks row the index row names,
   * or undefined when body_blocks does not record it (→ BLOCK_NOT_RECORDED).
   * Keeps one cursor per block so rows read in (block_offset, body_offset) order decode each segment once.
   * Synchronous; never throws for anything found on disk (an unexpected bug becomes an INTERNAL failure).
   */
  readBody(row: BodyIndexRow, block: BlockRow | undefined): BodyReadResult;
  /**
   * The same checks and the same result as readBody, without copying the body out of the block (verification
   * only needs the verdict). Optional so that stand-in archives need only readBody; callers fall back to it.
   */
  checkBody?(row: BodyIndexRow, block: BlockRow | undefined): BodyCheckResult;
  /**
   * checkBody for many rows naming one block, their hashes computed together (many small bodies hash faster side by
   * side than one by one). `results[i]` is set to row i's verdict, the same as checkBody(rows[i], block) gives.
   */
  checkBodies?(rows: readonly BodyIndexRow[], block: BlockRow, results: BodyCheckResult[]): void;
  /**
   * Where the row's bytes lie in its block's decoded, segment-verified buffer (`raw[start, start + body_len)`, and
   * every byte before them verified too), without hashing the body again: only for a row that has just verified
   * (verify-blocks' onVerified), to search it where it lies. Valid until the next call on this archive; null when the
   * row cannot be located.
   */
  verifiedSpan?(
    row: BodyIndexRow,
    block: BlockRow,
  ): { readonly raw: Uint8Array; readonly start: number; readonly verifiedEnd: number } | null;
  close(): void;
}

export type ArchiveOpenResult = { readonly ok: true; readonly archive: OpenedArchive } | { readonly ok: false; readonly error: Failure };

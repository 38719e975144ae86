/** Ledger generations, as recognised in docs/formats/ledger-format.md#generations. */
export const GENERATIONS = ['L0', 'A1', 'A2', 'A3', 'A4'] as const;
export type Generation = (typeof GENERATIONS)[number];

export const GENERATION_LABELS: Record<Generation, string> = {
  L0: 'L0 pre-archive (bodies inside SQLite)',
  A1: 'A1 archive v1 (BLK1 single file)',
  A2: 'A2 archive v2 (BLK2/SGMT single file)',
  A3: 'A3 archive v3 (generation directory, ledger format 3)',
  A4: 'A4 archive v3 (generation directory, ledger format 4)',
};

/** The unique key of a body: one index row per (event_id, source_table, direction). */
export interface BodyKey {
  readonly eventId: string;
  readonly sourceTable: string;
  readonly direction: string;
}

/** One row of event_body_blobs, normalised across generations. */
export interface BodyIndexRow extends BodyKey {
  readonly id: number;
  readonly eventType: string | null;
  readonly contentType: string | null;
  readonly originalBytes: number;
  readonly storedBytes: number;
  readonly truncated: boolean;
  /** `blake3:` + 64 lowercase hex, of the stored bytes. */
  readonly bodyHash: string;
  /** Archive generations only; null for L0 (bodies live in SQLite). */
  readonly blockOffset: number | null;
  readonly bodyOffset: number | null;
  readonly bodyLen: number;
  readonly traceId: string | null;
  readonly turnId: string | null;
  readonly createdAt: string | null;
}

/** One row of body_blocks. For A1 `diskLen` is the v1 `comp_len` (without the 44-byte header). */
export interface BlockRow {
  readonly blockOffset: number;
  readonly rawLen: number;
  readonly diskLen: number;
  readonly sealedAt: string | null;
}

/** archive_state (A3/A4): the selected generation and its committed extent. */
export interface ArchiveState {
  readonly archiveId: Uint8Array;
  readonly generationId: Uint8Array;
  readonly formatVersion: number;
  readonly committedEnd: number;
  readonly revision: number;
}

/** SHA-256 and BLAKE3 of one evidence file, taken when it was opened. */
export interface FileHashes {
  readonly path: string;
  readonly size: number;
  readonly sha256: string;
  readonly blake3: string;
}

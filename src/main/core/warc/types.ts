/** Types of the WARC 1.1 export job (docs/formats/warc-export.md). */

/**
 * The five stable skip labels of docs/formats/warc-export.md#skipped-rows, in ascending byte order (the order the
 * closing record lists them).
 */
export const SKIP_REASONS = [
  'corrupt-body',
  'missing-source-row',
  'unreadable-body',
  'unreadable-timestamp',
  'unrepresentable-uri',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export type DigestAlgorithm = 'blake3' | 'sha256';

/** One skipped index row, kept in a bounded sample for diagnostics (the counts are exact). */
export interface SkippedRow {
  readonly rowId: number;
  readonly eventId: string;
  readonly sourceTable: string;
  readonly direction: string;
  readonly reason: SkipReason;
  /** Why, in a sentence naming the row (and the failure code when it came from the body reader). */
  readonly detail: string;
}

export type ExportPhase = 'writing' | 'verifying';

/** Progress of one export. Writing: records and body bytes. Verifying: records and bytes of the temporary file. */
export interface ExportProgress {
  readonly phase: ExportPhase;
  readonly recordsDone: number;
  readonly recordsTotal: number;
  readonly bytesDone: number;
  readonly bytesTotal: number;
}

/** What a finished export reports. */
export interface ExportSummary {
  /** The final path (absolute). */
  readonly path: string;
  readonly exportId: string;
  /** `YYYY-MM-DDTHH:MM:SSZ`, the date of both warcinfo records. */
  readonly exportDate: string;
  readonly digestAlgorithm: DigestAlgorithm;
  /** Rows of event_body_blobs seen: resourceRecords + skipped. */
  readonly indexRows: number;
  /** `resource` records written (warcinfo not counted, as in capsem-records). */
  readonly resourceRecords: number;
  readonly skipped: number;
  readonly skippedByReason: Readonly<Record<SkipReason, number>>;
  /** At most 32 skipped rows, the first met. */
  readonly skippedSample: readonly SkippedRow[];
  /** Size of the .warc.gz written. */
  readonly fileBytes: number;
  /** Of the whole .warc.gz file, as re-read before it got its name. */
  readonly fileSha256: string;
  readonly fileBlake3: string;
  /** Sum of the block lengths of the resource records. */
  readonly blockBytes: number;
  /** One sentence about where the bodies came from when that is not a body archive (an L0 ledger), else null. */
  readonly sourceNote: string | null;
}

/** Hooks that only tests use, to prove the checks fail (a broken writer) or to kill a run part-way. */
export interface ExportTestHooks {
  /** Called with each uncompressed record (index 0 = opening warcinfo) before it is gzipped; may return altered bytes. */
  readonly alterRecord?: (index: number, bytes: Uint8Array) => Uint8Array;
  /** Called after each gzip member was written (index 0 = opening warcinfo); may block or throw. */
  readonly afterMember?: (index: number, tempPath: string) => void | Promise<void>;
  /** Called after the temporary file is complete and fsynced, before it is re-read. */
  readonly beforeReread?: (tempPath: string) => void | Promise<void>;
}

export interface ExportOptions {
  /** The final file, e.g. `/tmp/out/session.warc.gz`. Its folder must exist and lie outside the evidence folder. */
  readonly destination: string;
  /** Block digest algorithm: blake3 (default, what Capsem writes) or sha256 (base32, what hashlib-based tools verify). */
  readonly digest?: DigestAlgorithm;
  readonly signal?: AbortSignal;
  /** Called at most every `progressIntervalMs` (default 250 ms), and once at the end of each phase. */
  readonly onProgress?: (progress: ExportProgress) => void;
  readonly progressIntervalMs?: number;
  /** Called once the temporary file exists, so a supervisor can delete it if this thread dies. */
  readonly onTempFile?: (tempPath: string) => void;
  /**
   * Worker threads that gzip records while bodies are read. Default: none for exports under 4 MiB of bodies
   * (a thread costs more than it saves), else one per core (at most 4). 0 gzips in the export's own thread.
   */
  readonly compressionWorkers?: number;
  /** Tests only: fixed export id (32 lowercase hex) and date, for byte-exact golden files. */
  readonly fixedExportId?: string;
  readonly fixedExportDate?: Date;
  readonly testHooks?: ExportTestHooks;
}

/**
 * The shape of a case export (docs/case-file.md#export): case.json (the items, their rows and body bytes), case.html
 * (the same, to be read), redactions.json (what was masked, where) and receipt.json (what was verified against
 * what, and the command that checks it again).
 */
import type { AttachReason, AttachStatus } from './case-attach.js';
import type { ExportedBody } from './export-body.js';
import type { Redaction } from './export-redact.js';
import type { RowValue } from './export-row.js';

export const EXPORT_FORMAT = 'capsem-inspect-case-export';
export const RECEIPT_FORMAT = 'capsem-inspect-case-receipt';
export const EXPORT_VERSION = 1;
export const EXPORT_FILES = ['case.json', 'case.html', 'redactions.json'] as const;

export const REDACTED_NOTICE = 'REDACTED: credential-shaped strings and recorded credentials are masked with *';
export const UNREDACTED_NOTICE = 'UNREDACTED: contains credentials as recorded';

/** A file of the evidence as its open hashed it (its name only: the folder is the investigator's machine's). */
export interface ExportFileHashes {
  readonly file: string;
  readonly size: number;
  readonly sha256: string;
  readonly blake3: string;
}

export interface ExportEvidence {
  readonly sessionId: string;
  readonly generation: string;
  readonly sessionDb: ExportFileHashes | null;
  readonly archive: ExportFileHashes | null;
}

export type ExportBodyJson = Omit<ExportedBody, 'bytes'> & { readonly base64: string | null };

export interface ExportItem {
  readonly id: string;
  readonly createdAt: string;
  readonly tag: string;
  readonly note: string | null;
  readonly sessionId: string;
  readonly table: string;
  readonly eventId: string | null;
  readonly rowid: number | null;
  readonly status: AttachStatus;
  readonly reasons: readonly AttachReason[];
  readonly row: Record<string, RowValue> | null;
  readonly body: ExportBodyJson | null;
}

export interface CaseExport {
  readonly format: typeof EXPORT_FORMAT;
  readonly version: number;
  readonly redacted: boolean;
  readonly notice: string;
  readonly createdAt: string;
  readonly createdBy: string;
  readonly evidence: ExportEvidence;
  readonly items: readonly ExportItem[];
}

export interface ReceiptBody {
  readonly item: string;
  readonly sourceTable: string;
  readonly direction: string;
  readonly range: readonly [number, number] | null;
  readonly verdict: string;
  readonly ledgerBodyHash: string | null;
  readonly sourceBlake3: string | null;
  readonly exportedBlake3: string | null;
  readonly exportedBytes: number | null;
  readonly masked: number;
}

export interface Receipt {
  readonly format: typeof RECEIPT_FORMAT;
  readonly version: number;
  readonly tool: string;
  readonly createdAt: string;
  readonly redacted: boolean;
  readonly evidence: ExportEvidence;
  /** SHA-256 and BLAKE3 of each exported file but the receipt. */
  readonly files: Readonly<Record<string, { readonly sha256: string; readonly blake3: string; readonly size: number }>>;
  readonly bodies: readonly ReceiptBody[];
  readonly verify: string;
}

export interface RedactionsFile {
  readonly redacted: boolean;
  readonly redactions: readonly Redaction[];
}

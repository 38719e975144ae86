/**
 * Building a case export in memory: the case read back whole, each item re-attached to this copy, its row and its
 * verified body (or range) taken and masked, then case.json, case.html, redactions.json and receipt.json rendered.
 * Nothing here writes; export-write.ts puts the files down.
 */
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import type { FileHashes } from '../../../shared/ledger-types.js';
import { InspectorError } from '../../../shared/errors.js';
import { jsonText } from '../../../shared/json-text.js';
import { INSPECTOR_NAME, INSPECTOR_VERSION } from '../../../shared/version.js';
import { blake3Hex, initBlake3 } from '../archive/blake3.js';
import type { Evidence } from '../evidence/types.js';
import { attachCase } from './case-attach.js';
import { caseFilePath } from './case-location.js';
import { readCaseFile } from './case-read.js';
import type { ExportedBody } from './export-body.js';
import { exportBody } from './export-body.js';
import type { CaseExport, ExportBodyJson, ExportEvidence, ExportFileHashes, ExportItem, Receipt, ReceiptBody } from './export-format.js';
import { EXPORT_FORMAT, EXPORT_VERSION, RECEIPT_FORMAT, REDACTED_NOTICE, UNREDACTED_NOTICE } from './export-format.js';
import { caseHtml } from './export-html.js';
import { createRedactor } from './export-redact.js';
import { exportRow } from './export-row.js';

export interface ExportRequest {
  readonly casePath: string;
  /** The folder the export is written to, as the re-check command should name it. */
  readonly out: string;
  readonly unredacted: boolean;
}

/** Each file's name and its bytes, in the order they are written. */
export type ExportFiles = ReadonlyMap<string, Uint8Array>;

const fileHashes = (h: FileHashes | null): ExportFileHashes | null =>
  h && { file: basename(h.path), size: h.size, sha256: h.sha256, blake3: h.blake3 };

function evidenceOf(evidence: Evidence): ExportEvidence {
  return {
    sessionId: evidence.sessionId,
    generation: evidence.generation,
    sessionDb: fileHashes(evidence.hashes.db),
    archive: fileHashes(evidence.hashes.archive),
  };
}

/** A POSIX shell word: plain when it is plain, else in single quotes. */
const shellWord = (w: string): string => (/^[A-Za-z0-9_./:=@%+-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);

function hashOf(bytes: Uint8Array): { sha256: string; blake3: string; size: number } {
  return { sha256: createHash('sha256').update(bytes).digest('hex'), blake3: blake3Hex(bytes), size: bytes.length };
}

function bodyJson(b: ExportedBody): ExportBodyJson {
  const { bytes, ...facts } = b;
  return { ...facts, base64: bytes ? Buffer.from(bytes).toString('base64') : null };
}

function receiptBody(item: string, b: ExportedBody): ReceiptBody {
  return {
    item,
    sourceTable: b.sourceTable,
    direction: b.direction,
    range: b.range,
    verdict: b.verdict,
    ledgerBodyHash: b.ledgerBodyHash,
    sourceBlake3: b.sourceBlake3,
    exportedBlake3: b.exportedBlake3,
    exportedBytes: b.exportedBytes,
    masked: b.masked,
  };
}

export async function buildCaseExport(evidence: Evidence, req: ExportRequest, now = new Date()): Promise<ExportFiles> {
  await initBlake3();
  const file = readCaseFile(caseFilePath(evidence, req.casePath));
  if (!file) throw new InspectorError('NOT_FOUND', `case file ${req.casePath} does not exist`);
  const redact = createRedactor(evidence, !req.unredacted);
  const items: ExportItem[] = [];
  const bodies: ReceiptBody[] = [];
  for (const attached of attachCase(evidence, file.items)) {
    const { item } = attached;
    const here = attached.status !== 'other-session';
    const body = here ? exportBody(evidence, item, redact) : null;
    items.push({
      id: item.id,
      createdAt: item.createdAt,
      tag: item.tag,
      note: item.note === null ? null : redact.text(item.note, item.id, 'note'),
      sessionId: item.sessionId,
      table: redact.text(item.table, item.id, 'table'),
      eventId: item.eventId === null ? null : redact.text(item.eventId, item.id, 'eventId'),
      rowid: item.rowid,
      status: attached.status,
      reasons: attached.reasons,
      row: here ? exportRow(evidence, item, redact) : null,
      body: body && bodyJson(body),
    });
    if (body) bodies.push(receiptBody(item.id, body));
  }
  const redacted = !req.unredacted;
  const exported: CaseExport = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    redacted,
    notice: redacted ? REDACTED_NOTICE : UNREDACTED_NOTICE,
    createdAt: now.toISOString(),
    createdBy: `${INSPECTOR_NAME} ${INSPECTOR_VERSION}`,
    evidence: evidenceOf(evidence),
    items,
  };
  const files = new Map<string, Uint8Array>([
    ['case.json', Buffer.from(jsonText(exported, 2) + '\n', 'utf8')],
    ['case.html', Buffer.from(caseHtml(exported), 'utf8')],
    ['redactions.json', Buffer.from(jsonText({ redacted, redactions: redact.redactions }, 2) + '\n', 'utf8')],
  ]);
  const receipt: Receipt = {
    format: RECEIPT_FORMAT,
    version: EXPORT_VERSION,
    tool: `${INSPECTOR_NAME} ${INSPECTOR_VERSION}`,
    createdAt: exported.createdAt,
    redacted,
    evidence: exported.evidence,
    files: Object.fromEntries([...files].map(([name, bytes]) => [name, hashOf(bytes)])),
    bodies,
    verify: `capsem-inspect case verify ${shellWord(req.out)} [${shellWord(evidence.input.dir)}]`,
  };
  files.set('receipt.json', Buffer.from(jsonText(receipt, 2) + '\n', 'utf8'));
  return files;
}

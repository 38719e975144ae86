/**
 * Checking an export again (`case verify`): each exported body's bytes re-hashed (BLAKE3) against the receipt, each
 * file against its recorded hashes and, with the evidence, each body against the ledger's index. Masked bytes differ
 * from the ledger's body by design: those are checked against the receipt alone, and the result says so.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { InspectorError } from '../../../shared/errors.js';
import { blake3Hex, blake3Tagged, initBlake3 } from '../archive/blake3.js';
import { findBodyRow, readBody } from '../bodies/read-body.js';
import type { Evidence } from '../evidence/types.js';
import type { CaseExport, Receipt, ReceiptBody } from './export-format.js';
import { EXPORT_FORMAT, RECEIPT_FORMAT } from './export-format.js';

export interface VerifyLine {
  /** The item's id, or the file's name for a file check. */
  readonly subject: string;
  readonly check: 'file' | 'receipt' | 'ledger';
  readonly ok: boolean;
  readonly detail: string;
}

function readJson(dir: string, name: string): unknown {
  try {
    return JSON.parse(readFileSync(join(dir, name), 'utf8'));
  } catch (e) {
    throw new InspectorError('NOT_FOUND', `${join(dir, name)} cannot be read as JSON: ${(e as Error).message}`);
  }
}

function checkFiles(dir: string, receipt: Receipt): VerifyLine[] {
  return Object.entries(receipt.files).map(([name, want]) => {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(dir, name));
    } catch {
      return { subject: name, check: 'file', ok: false, detail: 'missing' };
    }
    const ok = createHash('sha256').update(bytes).digest('hex') === want.sha256 && blake3Hex(bytes) === want.blake3;
    return { subject: name, check: 'file', ok, detail: ok ? 'SHA-256 and BLAKE3 as recorded' : 'differs from the receipt' };
  });
}

function checkLedger(evidence: Evidence, item: { eventId: string | null }, r: ReceiptBody, exported: Uint8Array): VerifyLine {
  const line = (ok: boolean, detail: string): VerifyLine => ({ subject: r.item, check: 'ledger', ok, detail });
  if (item.eventId === null) return line(false, 'the item names no event');
  const key = { eventId: item.eventId, sourceTable: r.sourceTable, direction: r.direction };
  const row = findBodyRow(evidence, key);
  const indexHash = row && row.bodyHash !== '' ? row.bodyHash.toLowerCase() : null;
  if (indexHash !== r.ledgerBodyHash)
    return line(false, `the ledger's index names ${indexHash ?? 'no hash'}, the receipt ${r.ledgerBodyHash}`);
  if (r.masked > 0) return line(true, 'index hash as recorded; masked bytes are checked against the receipt only');
  if (!r.range) {
    const ok = blake3Tagged(exported) === indexHash;
    return line(ok, ok ? 'exported bytes hash to the ledger body_hash' : 'exported bytes do not hash to the ledger body_hash');
  }
  const read = readBody(evidence, key);
  if (!read.ok) return line(false, `the ledger's body does not verify: ${read.error.code}`);
  const ok = blake3Tagged(read.bytes.subarray(r.range[0], r.range[1])) === blake3Tagged(exported);
  return line(ok, ok ? "exported range equals the verified ledger body's bytes" : "exported range differs from the ledger body's bytes");
}

export async function verifyCaseExport(dir: string, evidence: Evidence | null): Promise<VerifyLine[]> {
  await initBlake3();
  const receipt = readJson(dir, 'receipt.json') as Receipt | null;
  if (receipt === null || typeof receipt !== 'object' || receipt.format !== RECEIPT_FORMAT)
    throw new InspectorError('BAD_REQUEST', `${dir} holds no case export receipt`);
  const lines = checkFiles(dir, receipt);
  const exported = readJson(dir, 'case.json') as CaseExport | null;
  if (exported === null || typeof exported !== 'object' || exported.format !== EXPORT_FORMAT)
    throw new InspectorError('BAD_REQUEST', `${dir}/case.json is not a case export`);
  const items = new Map(exported.items.map((i) => [i.id, i]));
  for (const r of receipt.bodies.filter((b) => b.exportedBlake3 !== null)) {
    const item = items.get(r.item);
    const base64 = item?.body?.base64;
    if (!item || typeof base64 !== 'string') {
      lines.push({ subject: r.item, check: 'receipt', ok: false, detail: 'its body is missing from case.json' });
      continue;
    }
    const bytes = Buffer.from(base64, 'base64');
    const ok = blake3Tagged(bytes) === r.exportedBlake3;
    lines.push({
      subject: r.item,
      check: 'receipt',
      ok,
      detail: ok ? 'BLAKE3 as in the receipt' : `BLAKE3 ${blake3Tagged(bytes)}, not ${r.exportedBlake3}`,
    });
    if (evidence) lines.push(checkLedger(evidence, item, r, bytes));
  }
  return lines;
}

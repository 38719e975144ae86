/**
 * Adding one item to a case: the tag and note checked, the case file read back whole (a damaged or newer one is
 * refused before anything is written), what the item names found in the evidence, then the file rewritten with the
 * item at its end. The first add creates the file with its header.
 */
import { randomUUID } from 'node:crypto';
import { InspectorError } from '../../../shared/errors.js';
import { INSPECTOR_NAME, INSPECTOR_VERSION } from '../../../shared/version.js';
import type { Evidence } from '../evidence/types.js';
import type { CaseFile, CaseItem } from './case-format.js';
import { CASE_FORMAT, CASE_VERSION, NOTE_MAX_CHARS, TAG_PATTERN } from './case-format.js';
import { caseFilePath } from './case-location.js';
import { readCaseFile } from './case-read.js';
import type { CaseTargetRequest } from './case-target.js';
import { resolveTarget } from './case-target.js';
import { writeCaseFile } from './case-write.js';

export interface AddCaseItemRequest extends CaseTargetRequest {
  readonly tag: string;
  readonly note?: string;
}

export interface AddedCaseItem {
  /** The case file's real path, where it was written. */
  readonly path: string;
  readonly item: CaseItem;
}

function checkTagAndNote(req: AddCaseItemRequest): void {
  if (!TAG_PATTERN.test(req.tag))
    throw new InspectorError('BAD_REQUEST', `tag ${JSON.stringify(req.tag)} is not lower-case letters, digits and dashes (at most 40)`);
  if (req.note !== undefined && (req.note.length === 0 || req.note.length > NOTE_MAX_CHARS))
    throw new InspectorError('BAD_REQUEST', `a note is 1 to ${NOTE_MAX_CHARS} characters (this one is ${req.note.length})`);
}

function newCase(now: Date): CaseFile {
  return {
    header: {
      format: CASE_FORMAT,
      version: CASE_VERSION,
      createdAt: now.toISOString(),
      createdBy: `${INSPECTOR_NAME} ${INSPECTOR_VERSION}`,
    },
    items: [],
  };
}

export function addCaseItem(evidence: Evidence, casePath: string, req: AddCaseItemRequest, now = new Date()): AddedCaseItem {
  checkTagAndNote(req);
  const path = caseFilePath(evidence, casePath);
  const existing = readCaseFile(path) ?? newCase(now);
  const target = resolveTarget(evidence, req);
  const item: CaseItem = {
    id: randomUUID(),
    createdAt: now.toISOString(),
    tag: req.tag,
    note: req.note ?? null,
    sessionId: evidence.sessionId,
    // Taken with the scratch copy when the open was not deferred; null while a deferred open's proof is pending.
    sessionDbSha256: evidence.hashes.db?.sha256 ?? null,
    table: target.table,
    eventId: target.eventId,
    rowid: null,
    body: target.body,
  };
  writeCaseFile(path, { header: existing.header, items: [...existing.items, item] });
  return { path, item };
}

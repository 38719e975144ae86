/**
 * Listing a case against an opened copy of the evidence: the case file found (never inside the evidence), read back
 * whole, and each item re-attached to this copy.
 */
import { InspectorError } from '../../../shared/errors.js';
import type { Evidence } from '../evidence/types.js';
import type { AttachedItem } from './case-attach.js';
import { attachCase } from './case-attach.js';
import { caseFilePath } from './case-location.js';
import { readCaseFile } from './case-read.js';

export function listCase(evidence: Evidence, casePath: string): AttachedItem[] {
  const path = caseFilePath(evidence, casePath);
  const file = readCaseFile(path);
  if (!file) throw new InspectorError('NOT_FOUND', `case file ${casePath} does not exist`);
  return attachCase(evidence, file.items);
}

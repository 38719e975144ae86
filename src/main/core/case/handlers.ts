// The case channels, registered in service/service.ts beside the others: the case file (one per inspector, given by
// buildInspector's `casePath`) laid over an open evidence, adding to it, and handing it on as a .zip. Without a case
// file each refuses by name rather than write anywhere the user did not choose.
import { basename } from 'node:path';
import type { CaseChannels } from '../../../shared/contract/case.js';
import { CASE_EXPORT_MAX_BYTES } from '../../../shared/contract/case.js';
import { InspectorError } from '../../../shared/errors.js';
import type { EvidenceLookup, FeatureHandlers } from '../evidence/lookup.js';
import { addCaseItem } from './case-add.js';
import { attachCase } from './case-attach.js';
import { caseFilePath } from './case-location.js';
import { readCaseFile } from './case-read.js';
import { buildCaseExport } from './export-build.js';
import { zipExport } from './export-zip.js';

export const CASE_NOT_KEPT_MESSAGE = 'no case is kept: start serve with --case FILE';

function kept(casePath: string | null): string {
  if (casePath === null) throw new InspectorError('CASE_NOT_KEPT', CASE_NOT_KEPT_MESSAGE);
  return casePath;
}

export function caseHandlers(
  registry: EvidenceLookup,
  casePath: string | null,
  changed: (evidenceId: string) => void,
): FeatureHandlers<CaseChannels> {
  return {
    'case.list': ({ evidenceId }) => {
      const evidence = registry.get(evidenceId);
      const path = caseFilePath(evidence, kept(casePath));
      // A case not yet written is an empty one: the first add creates it.
      const file = readCaseFile(path);
      return { file: basename(path), entries: file ? attachCase(evidence, file.items) : [] };
    },
    'case.add': ({ evidenceId, body, ...rest }) => {
      const evidence = registry.get(evidenceId);
      const request = { ...rest, ...(body ? { body: { direction: body.direction, range: body.range ?? null } } : {}) };
      const { item } = addCaseItem(evidence, kept(casePath), request);
      const [entry] = attachCase(evidence, [item]);
      changed(evidenceId);
      return entry!;
    },
    'case.export': async ({ evidenceId, unredacted = false }) => {
      const evidence = registry.get(evidenceId);
      const folder = `${evidence.sessionId.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 80)}-case${unredacted ? '-unredacted' : ''}`;
      const at = new Date();
      const files = await buildCaseExport(evidence, { casePath: kept(casePath), out: folder, unredacted }, at);
      const zip = zipExport(folder, files, at);
      if (zip.length > CASE_EXPORT_MAX_BYTES)
        throw new InspectorError(
          'EXPORT_FAILED',
          `this case export is ${zip.length} bytes, more than the app hands over; write it with capsem-inspect case export <path> --case FILE -o FOLDER`,
        );
      // Every item of the case file is exported (one of another session as listed, not checked).
      const items = readCaseFile(caseFilePath(evidence, kept(casePath)))?.items.length ?? 0;
      return { fileName: `${folder}.zip`, base64: zip.toString('base64'), bytes: zip.length, items, redacted: !unredacted };
    },
  };
}

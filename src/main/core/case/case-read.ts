/**
 * Reading a case file back. A file that is not exactly a case file (bad JSON, a line cut short, a missing or unknown
 * header, an item that fails its checks, two items with one id) is refused as CASE_DAMAGED, one from a newer format
 * as CASE_TOO_NEW, each naming the file and the line: the caller then never writes over it.
 */
import { parseVersionedLines, readLineFileText } from '../versioned-lines.js';
import type { CaseFile } from './case-format.js';
import { checkHeader, checkItem } from './case-validate.js';

const RULES = {
  what: 'case file',
  damaged: 'CASE_DAMAGED',
  tooNew: 'CASE_TOO_NEW',
  header: checkHeader,
  record: checkItem,
  key: (item: { id: string }) => `item id ${item.id}`,
} as const;

/** The case file's lines, checked; throws InspectorError (CASE_DAMAGED, CASE_TOO_NEW) naming the line. */
export function parseCaseText(text: string, path: string): CaseFile {
  const { header, records } = parseVersionedLines(text, path, RULES);
  return { header, items: records };
}

/** The case file at `path`, or null when there is none yet. */
export function readCaseFile(path: string): CaseFile | null {
  const text = readLineFileText(path, 'case file', 'CASE_DAMAGED');
  return text === null ? null : parseCaseText(text, path);
}

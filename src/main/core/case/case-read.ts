/**
 * Reading a case file back. A file that is not exactly a case file (bad JSON, a line cut short, a missing or unknown
 * header, an item that fails its checks, two items with one id) is refused as CASE_DAMAGED, one from a newer format
 * as CASE_TOO_NEW, each naming the file and the line: the caller then never writes over it.
 */
import { readFileSync } from 'node:fs';
import { InspectorError } from '../../../shared/errors.js';
import type { CaseFile, CaseItem } from './case-format.js';
import { CaseShapeError, checkHeader, checkItem } from './case-validate.js';

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new CaseShapeError('it is not JSON');
  }
}

/** The case file's lines, checked; throws InspectorError (CASE_DAMAGED, CASE_TOO_NEW) naming the line. */
export function parseCaseText(text: string, path: string): CaseFile {
  const damaged = (line: number, why: string): InspectorError =>
    new InspectorError('CASE_DAMAGED', `case file ${path} is damaged at line ${line}: ${why}; it is left as it is`);
  if (!text.endsWith('\n')) throw damaged(text.split('\n').length, 'the last line is not ended (the file may have been cut short)');
  const lines = text.slice(0, -1).split('\n');
  let header;
  try {
    header = checkHeader(parseLine(lines[0]!));
  } catch (e) {
    if (e instanceof CaseShapeError && e.tooNew) throw new InspectorError('CASE_TOO_NEW', `case file ${path} is too new: ${e.message}`);
    throw damaged(1, (e as Error).message);
  }
  const items: CaseItem[] = [];
  const ids = new Set<string>();
  for (const [i, line] of lines.slice(1).entries()) {
    let item: CaseItem;
    try {
      item = checkItem(parseLine(line));
    } catch (e) {
      throw damaged(i + 2, (e as Error).message);
    }
    if (ids.has(item.id)) throw damaged(i + 2, `item id ${item.id} is used twice`);
    ids.add(item.id);
    items.push(item);
  }
  return { header, items };
}

/** The case file at `path`, or null when there is none yet. */
export function readCaseFile(path: string): CaseFile | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new InspectorError('CASE_DAMAGED', `case file ${path} cannot be read: ${(e as Error).message}`);
  }
  return parseCaseText(text, path);
}

/**
 * Writing a case file whole and atomically (writeFileAtomically): a reader (or a crash) sees the old file or the new
 * one, never half of either, and a failed write leaves no temporary file behind.
 */
import { writeFileAtomically } from '../atomic-write.js';
import { jsonText } from '../../../shared/json-text.js';
import type { CaseFile } from './case-format.js';

/**
 * The file's text: the header line, then one item per line, each line ended. Notes are the user's and may hold bidi
 * or zero-width characters: written as escapes (jsonText), so `cat` of the file shows what a parser reads back.
 */
export function caseText(file: CaseFile): string {
  return [file.header, ...file.items].map((line) => jsonText(line) + '\n').join('');
}

export function writeCaseFile(path: string, file: CaseFile): void {
  writeFileAtomically(path, caseText(file));
}

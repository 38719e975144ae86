/**
 * The notable set on disk: read back whole or refused by name (NOTABLE_DAMAGED, NOTABLE_TOO_NEW, naming the line),
 * written whole and atomically. The same reader and writer as the case file's (versioned-lines, atomic-write).
 */
import { jsonText } from '../../../shared/json-text.js';
import { writeFileAtomically } from '../atomic-write.js';
import { parseVersionedLines, readLineFileText } from '../versioned-lines.js';
import type { NotableSet } from './notable-format.js';
import { checkNotableEntry, checkNotableHeader } from './notable-validate.js';

const WHAT = 'notable set';

export function parseNotableText(text: string, path: string): NotableSet {
  const { header, records } = parseVersionedLines(text, path, {
    what: WHAT,
    damaged: 'NOTABLE_DAMAGED',
    tooNew: 'NOTABLE_TOO_NEW',
    header: checkNotableHeader,
    record: checkNotableEntry,
    key: (entry) => `the name ${entry.name}`,
  });
  return { header, entries: records };
}

/** The set at `path`, or null when there is none yet. */
export function readNotableFile(path: string): NotableSet | null {
  const text = readLineFileText(path, WHAT, 'NOTABLE_DAMAGED');
  return text === null ? null : parseNotableText(text, path);
}

/** One line per record, each ended; values from the user are escaped (jsonText) so `cat` shows what is read. */
export function notableText(set: NotableSet): string {
  return [set.header, ...set.entries].map((line) => jsonText(line) + '\n').join('');
}

export function writeNotableFile(path: string, set: NotableSet): void {
  writeFileAtomically(path, notableText(set));
}

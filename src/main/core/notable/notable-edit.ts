/**
 * Saving and removing named indicators. The set is read back whole first (a damaged or newer one is refused before
 * anything is written), then rewritten whole; the first save creates it with its header. A name is saved once:
 * saving it again is refused rather than silently widening or replacing what it stood for.
 */
import type { HuntIndicatorArg } from '../../../shared/contract/hunt.js';
import { InspectorError } from '../../../shared/errors.js';
import { INSPECTOR_NAME, INSPECTOR_VERSION } from '../../../shared/version.js';
import { LineShapeError } from '../versioned-lines.js';
import { indicatorOf } from '../hunt/indicator-args.js';
import { checkIndicator } from '../hunt/indicators.js';
import type { NotableEntry, NotableHeader, NotableSet } from './notable-format.js';
import { NOTABLE_FORMAT, NOTABLE_NAME_PATTERN, NOTABLE_VERSION } from './notable-format.js';
import { readNotableFile, writeNotableFile } from './notable-file.js';
import { checkIndicatorArgs } from './notable-validate.js';

function newSet(now: Date): NotableSet {
  const header: NotableHeader = {
    format: NOTABLE_FORMAT,
    version: NOTABLE_VERSION,
    createdAt: now.toISOString(),
    createdBy: `${INSPECTOR_NAME} ${INSPECTOR_VERSION}`,
  };
  return { header, entries: [] };
}

export function addNotable(path: string, name: string, indicators: readonly HuntIndicatorArg[], now = new Date()): NotableEntry {
  if (!NOTABLE_NAME_PATTERN.test(name))
    throw new InspectorError(
      'BAD_REQUEST',
      `name ${JSON.stringify(name)} is not letters, digits, dots, dashes and underscores (at most 64)`,
    );
  // Parsed and compiled as the hunt would, so a bad value is refused with the hunt's own code (BAD_PATTERN, say).
  indicators.forEach((arg, i) => checkIndicator(indicatorOf(arg, `indicators[${i}]`)));
  let checked: HuntIndicatorArg[];
  try {
    checked = checkIndicatorArgs(indicators);
  } catch (e) {
    throw new InspectorError('BAD_REQUEST', e instanceof LineShapeError ? e.message : String(e));
  }
  const set = readNotableFile(path) ?? newSet(now);
  if (set.entries.some((e) => e.name === name))
    throw new InspectorError('BAD_REQUEST', `${name} is already saved in ${path}; remove it first to save it anew`);
  const entry = { name, createdAt: now.toISOString(), indicators: checked };
  writeNotableFile(path, { header: set.header, entries: [...set.entries, entry] });
  return entry;
}

/** The entry removed; NOT_FOUND when the set holds no such name (or there is no set). */
export function removeNotable(path: string, name: string): NotableEntry {
  const set = readNotableFile(path);
  const entry = set?.entries.find((e) => e.name === name);
  if (!set || !entry) throw new InspectorError('NOT_FOUND', `no entry named ${name} in ${path}`);
  writeNotableFile(path, { header: set.header, entries: set.entries.filter((e) => e !== entry) });
  return entry;
}

/** The saved entries, in the order saved; none when there is no set yet. */
export function listNotable(path: string): readonly NotableEntry[] {
  return readNotableFile(path)?.entries ?? [];
}

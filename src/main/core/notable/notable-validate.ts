/**
 * Checking a notable set's lines as they are read back. Every indicator is parsed and compiled as the hunt would
 * (indicatorOf, checkIndicator), so a set that reads is a set that runs: a bad one refuses the file at its line.
 */
import { HUNT_KINDS } from '../../../shared/contract/hunt.js';
import type { HuntIndicatorArg } from '../../../shared/contract/hunt.js';
import { indicatorOf } from '../hunt/indicator-args.js';
import { checkIndicator } from '../hunt/indicators.js';
import { ISO_UTC, LineShapeError, headerVersion, jsonObject, onlyKeys, textField } from '../versioned-lines.js';
import type { NotableEntry, NotableHeader } from './notable-format.js';
import { MAX_INDICATORS_PER_ENTRY, NOTABLE_FORMAT, NOTABLE_NAME_PATTERN, NOTABLE_VERSION } from './notable-format.js';

export function checkNotableHeader(value: unknown): NotableHeader {
  const o = jsonObject(value, 'the first line');
  const version = headerVersion(o, NOTABLE_FORMAT, NOTABLE_VERSION);
  onlyKeys(o, ['format', 'version', 'createdAt', 'createdBy'], 'the header');
  return {
    format: NOTABLE_FORMAT,
    version,
    createdAt: textField(o, 'createdAt', (s) => ISO_UTC.test(s)),
    createdBy: textField(o, 'createdBy'),
  };
}

function checkIndicatorArg(value: unknown, at: string): HuntIndicatorArg {
  const o = jsonObject(value, at);
  onlyKeys(o, ['kind', 'value', 'ignoreCase'], at);
  if (!HUNT_KINDS.includes(o.kind as never)) throw new LineShapeError(`${at} has no known "kind"`);
  if (o.value !== undefined && typeof o.value !== 'string') throw new LineShapeError(`${at}.value is not text`);
  if (o.ignoreCase !== undefined && typeof o.ignoreCase !== 'boolean') throw new LineShapeError(`${at}.ignoreCase is not true or false`);
  const arg = o as unknown as HuntIndicatorArg;
  try {
    checkIndicator(indicatorOf(arg, at));
  } catch (e) {
    throw new LineShapeError((e as Error).message);
  }
  return arg;
}

/** The indicators of one entry, each one the hunt can run; shared by the reader and by `add`. */
export function checkIndicatorArgs(value: unknown): HuntIndicatorArg[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_INDICATORS_PER_ENTRY)
    throw new LineShapeError(`"indicators" is not a list of 1 to ${MAX_INDICATORS_PER_ENTRY} indicators`);
  return value.map((v, i) => checkIndicatorArg(v, `indicators[${i}]`));
}

export function checkNotableEntry(value: unknown): NotableEntry {
  const o = jsonObject(value, 'the line');
  onlyKeys(o, ['name', 'createdAt', 'indicators'], 'the entry');
  return {
    name: textField(o, 'name', (s) => NOTABLE_NAME_PATTERN.test(s)),
    createdAt: textField(o, 'createdAt', (s) => ISO_UTC.test(s)),
    indicators: checkIndicatorArgs(o.indicators),
  };
}

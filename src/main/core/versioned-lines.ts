/**
 * Reading back a versioned JSON-lines file the user keeps (the case file, the notable set): a header line naming the
 * format and its version, then one record per line, every line ended. Read whole or refused whole, never half-read:
 * a file that is not exactly one (bad JSON, a line cut short, a missing or unknown header, a record that fails its
 * checks) is the caller's DAMAGED code, one from a newer version its TOO_NEW code, each naming the file and line.
 */
import { readFileSync } from 'node:fs';
import type { ErrorCode } from '../../shared/errors.js';
import { InspectorError } from '../../shared/errors.js';

/** What is wrong with a line, as a sentence; thrown by a format's checks and caught by the reader. */
export class LineShapeError extends Error {
  constructor(
    message: string,
    readonly tooNew = false,
  ) {
    super(message);
  }
}

type Fields = Record<string, unknown>;

/** A time as these files write it: ISO 8601 in UTC. */
export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;

export function textField(o: Fields, key: string, check: (s: string) => boolean = (s) => s.length > 0): string {
  const v = o[key];
  if (typeof v !== 'string' || !check(v)) throw new LineShapeError(`"${key}" is missing or not valid`);
  return v;
}

export function jsonObject(value: unknown, what: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new LineShapeError(`${what} is not a JSON object`);
  return value as Fields;
}

/** Strict on purpose: every change rewrites the whole file, so a field this build does not know would be dropped. */
export function onlyKeys(o: Fields, keys: readonly string[], what: string): void {
  const unknown = Object.keys(o).filter((k) => !keys.includes(k));
  if (unknown.length) throw new LineShapeError(`${what} has unknown field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`);
}

/** The header's version, checked against the format's name and the highest version this build reads. */
export function headerVersion(o: Record<string, unknown>, format: string, readsUpTo: number): number {
  if (o.format !== format) throw new LineShapeError(`the first line is not a ${format} header`);
  if (!Number.isSafeInteger(o.version) || (o.version as number) < 1) throw new LineShapeError('the header has no valid "version"');
  if ((o.version as number) > readsUpTo)
    throw new LineShapeError(`it is version ${o.version as number}; this build reads up to version ${readsUpTo}`, true);
  return o.version as number;
}

export interface LineFileRules<H, R> {
  /** How the file is named in a refusal: `case file`, `notable set`. */
  readonly what: string;
  readonly damaged: ErrorCode;
  readonly tooNew: ErrorCode;
  readonly header: (value: unknown) => H;
  readonly record: (value: unknown) => R;
  /** The key no two records may share (an item's id, an entry's name), named in the refusal. */
  readonly key: (record: R) => string;
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new LineShapeError('it is not JSON');
  }
}

/** The file's lines, checked; throws InspectorError (rules.damaged, rules.tooNew) naming the file and line. */
export function parseVersionedLines<H, R>(text: string, path: string, rules: LineFileRules<H, R>): { header: H; records: R[] } {
  const damaged = (line: number, why: string): InspectorError =>
    new InspectorError(rules.damaged, `${rules.what} ${path} is damaged at line ${line}: ${why}; it is left as it is`);
  if (!text.endsWith('\n')) throw damaged(text.split('\n').length, 'the last line is not ended (the file may have been cut short)');
  const lines = text.slice(0, -1).split('\n');
  let header: H;
  try {
    header = rules.header(parseLine(lines[0]!));
  } catch (e) {
    if (e instanceof LineShapeError && e.tooNew) throw new InspectorError(rules.tooNew, `${rules.what} ${path} is too new: ${e.message}`);
    throw damaged(1, (e as Error).message);
  }
  const records: R[] = [];
  const keys = new Set<string>();
  for (const [i, line] of lines.slice(1).entries()) {
    let record: R;
    try {
      record = rules.record(parseLine(line));
    } catch (e) {
      throw damaged(i + 2, (e as Error).message);
    }
    const key = rules.key(record);
    if (keys.has(key)) throw damaged(i + 2, `${key} is used twice`);
    keys.add(key);
    records.push(record);
  }
  return { header, records };
}

/** The file's text, or null when there is none yet; any other failure to read is rules.damaged. */
export function readLineFileText(path: string, what: string, damagedCode: ErrorCode): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new InspectorError(damagedCode, `${what} ${path} cannot be read: ${(e as Error).message}`);
  }
}

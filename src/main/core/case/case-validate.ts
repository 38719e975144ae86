/**
 * Checking a case file's lines as they are read back. Strict on purpose: every add rewrites the whole file, so a
 * field this build does not know would be silently dropped; a line that is not exactly an item refuses the file
 * instead (the caller names the file and the line).
 */
import type { CaseBody, CaseHeader, CaseItem } from './case-format.js';
import { CASE_FORMAT, CASE_VERSION, NOTE_MAX_CHARS, TAG_PATTERN } from './case-format.js';
import { ISO_UTC, LineShapeError, headerVersion, jsonObject as object, onlyKeys, textField as text } from '../versioned-lines.js';

const SHA256 = /^[0-9a-f]{64}$/;

type Fields = Record<string, unknown>;

function textOrNull(o: Fields, key: string, check?: (s: string) => boolean): string | null {
  return o[key] === null ? null : text(o, key, check);
}

const wholeNumber = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

export function checkHeader(value: unknown): CaseHeader {
  const o = object(value, 'the first line');
  const version = headerVersion(o, CASE_FORMAT, CASE_VERSION);
  onlyKeys(o, ['format', 'version', 'createdAt', 'createdBy'], 'the header');
  return {
    format: CASE_FORMAT,
    version,
    createdAt: text(o, 'createdAt', (s) => ISO_UTC.test(s)),
    createdBy: text(o, 'createdBy'),
  };
}

function checkBody(value: unknown): CaseBody | null {
  if (value === null) return null;
  const o = object(value, '"body"');
  onlyKeys(o, ['sourceTable', 'direction', 'bodyHash', 'range'], '"body"');
  const range = o.range;
  const isRange = (r: unknown): r is [number, number] =>
    Array.isArray(r) && r.length === 2 && r.every(wholeNumber) && (r[0] as number) < (r[1] as number);
  if (range !== null && !isRange(range)) throw new LineShapeError('"body.range" is not null or [start, end) with start < end');
  return {
    sourceTable: text(o, 'sourceTable'),
    direction: text(o, 'direction'),
    bodyHash: textOrNull(o, 'bodyHash'),
    range: range === null ? null : [range[0], range[1]],
  };
}

export function checkItem(value: unknown): CaseItem {
  const o = object(value, 'the line');
  onlyKeys(o, ['id', 'createdAt', 'tag', 'note', 'sessionId', 'sessionDbSha256', 'table', 'eventId', 'rowid', 'body'], 'the item');
  const eventId = textOrNull(o, 'eventId');
  const rowid = o.rowid;
  if (rowid !== null && !wholeNumber(rowid)) throw new LineShapeError('"rowid" is not null or a whole number');
  if ((eventId === null) === (rowid === null)) throw new LineShapeError('the item names its row by exactly one of "eventId" and "rowid"');
  const body = checkBody(o.body);
  if (body && eventId === null) throw new LineShapeError('a body is named through its event id, and the item has none');
  return {
    id: text(o, 'id'),
    createdAt: text(o, 'createdAt', (s) => ISO_UTC.test(s)),
    tag: text(o, 'tag', (s) => TAG_PATTERN.test(s)),
    note: textOrNull(o, 'note', (s) => s.length > 0 && s.length <= NOTE_MAX_CHARS),
    sessionId: text(o, 'sessionId'),
    sessionDbSha256: textOrNull(o, 'sessionDbSha256', (s) => SHA256.test(s)),
    table: text(o, 'table'),
    eventId,
    rowid: rowid === null ? null : (rowid as number),
    body,
  };
}

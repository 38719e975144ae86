/**
 * The two warcinfo field blocks (docs/formats/warc-export.md#warcinfo-records): `name: value` lines ending in CRLF,
 * CR/LF inside a value replaced by a space. Capsem's fields come first in Capsem's order; the opening record then
 * adds what this export came from (the evidence hashes taken at open), under `inspector-` names so they cannot be
 * mistaken for Capsem's own.
 */
import { INSPECTOR_NAME, INSPECTOR_VERSION } from '../../../shared/version.js';
import type { FileHashes, Generation } from '../../../shared/ledger-types.js';
import { SKIP_REASONS, type DigestAlgorithm, type SkipReason } from './types.js';

export const SOFTWARE = `${INSPECTOR_NAME}/${INSPECTOR_VERSION}`;

export type WarcFields = ReadonlyArray<readonly [string, string]>;

export function fieldBlock(fields: WarcFields): Uint8Array {
  const text = fields.map(([name, value]) => `${name}: ${value.replace(/[\r\n]/g, ' ')}\r\n`).join('');
  return Buffer.from(text, 'utf8');
}

export interface OpeningInfo {
  readonly session: string;
  readonly exportDate: string;
  readonly digest: DigestAlgorithm;
  readonly generation: Generation;
  readonly db: FileHashes;
  readonly archive: FileHashes | null;
}

function baseName(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1] ?? path;
}

export function openingFields(info: OpeningInfo): WarcFields {
  const fields: Array<readonly [string, string]> = [
    ['software', SOFTWARE],
    ['format', 'WARC File Format 1.1'],
    ['capsem-session', info.session],
    ['capsem-exported-at', info.exportDate],
    ['capsem-block-digest-algorithm', info.digest],
    ['inspector-ledger-generation', info.generation],
    // Only base names: a full path would leak the reviewer's folders into a file meant to be handed on.
    ['inspector-session-db-file', baseName(info.db.path)],
    ['inspector-session-db-bytes', String(info.db.size)],
    ['inspector-session-db-sha256', info.db.sha256],
    ['inspector-session-db-blake3', info.db.blake3],
  ];
  if (info.archive) {
    fields.push(
      ['inspector-archive-file', baseName(info.archive.path)],
      ['inspector-archive-bytes', String(info.archive.size)],
      ['inspector-archive-sha256', info.archive.sha256],
      ['inspector-archive-blake3', info.archive.blake3],
    );
  } else {
    fields.push(['inspector-archive-file', 'none']);
  }
  return fields;
}

export function closingFields(resourceRecords: number, skippedByReason: Readonly<Record<SkipReason, number>>): WarcFields {
  const skipped = SKIP_REASONS.reduce((sum, reason) => sum + skippedByReason[reason], 0);
  const fields: Array<readonly [string, string]> = [
    ['software', SOFTWARE],
    ['capsem-records', String(resourceRecords)],
    ['capsem-skipped', String(skipped)],
  ];
  // SKIP_REASONS is already in ascending byte order.
  for (const reason of SKIP_REASONS) {
    if (skippedByReason[reason] > 0) fields.push([`capsem-skipped-${reason}`, String(skippedByReason[reason])]);
  }
  return fields;
}

/**
 * archive_state (docs/formats/ledger-format.md#identifying-a-ledger step 3): exactly one row, 16-byte UUIDv4 ids,
 * committed_end ≥ 80, revision ≥ 1, format_version 3 (A3) or 4 (A4). Values are read as BigInt so a forged 64-bit
 * value is judged, not rounded.
 */
import type Database from 'better-sqlite3';
import { InspectorError } from '../../../shared/errors.js';
import type { ArchiveState } from '../../../shared/ledger-types.js';

export function isUuidV4(bytes: unknown): bytes is Uint8Array {
  return bytes instanceof Uint8Array && bytes.length === 16 && bytes[6]! >> 4 === 4 && bytes[8]! >> 6 === 0b10;
}

function int(value: unknown, column: string, min: bigint): number {
  if (typeof value !== 'bigint')
    throw new InspectorError('SCHEMA_UNEXPECTED', `archive_state.${column} is not an integer (${typeof value})`);
  if (value < min) throw new InspectorError('SCHEMA_UNEXPECTED', `archive_state.${column} is ${value}; it must be at least ${min}`);
  if (value > BigInt(Number.MAX_SAFE_INTEGER))
    throw new InspectorError('SCHEMA_UNEXPECTED', `archive_state.${column} is ${value}, beyond any real archive`);
  return Number(value);
}

export function readArchiveState(db: Database.Database): ArchiveState {
  const rows = db
    .prepare('SELECT archive_id, generation_id, format_version, committed_end, revision FROM archive_state')
    .safeIntegers(true)
    .all() as Record<string, unknown>[];
  if (rows.length !== 1) throw new InspectorError('SCHEMA_UNEXPECTED', `archive_state must contain exactly one row, found ${rows.length}`);
  const row = rows[0]!;
  const version = row.format_version;
  if (typeof version !== 'bigint' || (version !== 3n && version !== 4n)) {
    throw new InspectorError('UNSUPPORTED_GENERATION', `archive_state format version ${String(version)} is unsupported; expected 3 or 4`);
  }
  for (const column of ['archive_id', 'generation_id'] as const) {
    if (!isUuidV4(row[column])) throw new InspectorError('SCHEMA_UNEXPECTED', `archive_state.${column} is not a 16-byte RFC 4122 UUIDv4`);
  }
  return {
    archiveId: new Uint8Array(row.archive_id as Uint8Array),
    generationId: new Uint8Array(row.generation_id as Uint8Array),
    formatVersion: Number(version),
    committedEnd: int(row.committed_end, 'committed_end', 80n),
    revision: int(row.revision, 'revision', 1n),
  };
}

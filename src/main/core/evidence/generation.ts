/**
 * Ledger generation detection, exactly as docs/formats/ledger-format.md#generations and #identifying-a-ledger
 * recognise it:
 *   archive_state present → format_version 3 = A3, 4 = A4 (then the A4 shape check); other versions unsupported.
 *   else body_blocks with disk_len → A2; with comp_len and no disk_len → A1.
 *   else no event_body_blobs, or event_body_blobs with a body column → L0 (bodies inside SQLite).
 * No ledger table at all → NOT_A_LEDGER naming the file.
 */
import type Database from 'better-sqlite3';
import { InspectorError } from '../../../shared/errors.js';
import type { ArchiveState, Generation } from '../../../shared/ledger-types.js';
import type { LedgerSchema } from './schema.js';
import { KNOWN_LEDGER_TABLES } from './schema.js';
import { readArchiveState } from './archive-state.js';
import { requireShape } from './required-shape.js';

export interface DetectedGeneration {
  readonly generation: Generation;
  readonly archiveState: ArchiveState | null;
}

/** Tables generation detection must query; if one exists but is a view (or worse), nothing can be trusted. */
const STRUCTURAL = ['archive_state', 'body_blocks', 'event_body_blobs'];

function present(schema: LedgerSchema, name: string): boolean {
  return schema.tables.has(name) || schema.unsafeLedgerNames.has(name);
}

export function detectGeneration(db: Database.Database, schema: LedgerSchema, fileLabel: string): DetectedGeneration {
  const ledgerNames = [...KNOWN_LEDGER_TABLES].filter((t) => present(schema, t));
  if (ledgerNames.length === 0) {
    const found = [...schema.tables.keys()].filter((t) => !t.startsWith('sqlite_'));
    throw new InspectorError(
      'NOT_A_LEDGER',
      `${fileLabel} has no Capsem ledger tables${found.length ? ` (tables: ${found.slice(0, 8).join(', ')})` : ' (no tables)'}`,
    );
  }
  for (const name of STRUCTURAL) {
    const why = schema.unsafeLedgerNames.get(name);
    if (why)
      throw new InspectorError(
        'SCHEMA_UNEXPECTED',
        `${fileLabel}: ledger table main.${name} is ${why}; it is never queried, so the ledger cannot be read`,
      );
  }
  const detected = classify(db, schema, fileLabel);
  requireShape(detected.generation, schema);
  return detected;
}

function classify(db: Database.Database, schema: LedgerSchema, fileLabel: string): DetectedGeneration {
  if (schema.tables.has('archive_state')) {
    requireShape('A3', schema); // the columns read below must exist before they are selected
    const archiveState = readArchiveState(db);
    return { generation: archiveState.formatVersion === 3 ? 'A3' : 'A4', archiveState };
  }
  const blocks = schema.tables.get('body_blocks');
  if (blocks) {
    if (blocks.includes('disk_len')) return { generation: 'A2', archiveState: null };
    if (blocks.includes('comp_len')) return { generation: 'A1', archiveState: null };
    throw new InspectorError('SCHEMA_UNEXPECTED', `${fileLabel}: body_blocks has neither disk_len (A2) nor comp_len (A1)`);
  }
  const index = schema.tables.get('event_body_blobs');
  if (!index || index.includes('body')) return { generation: 'L0', archiveState: null };
  throw new InspectorError(
    'SCHEMA_UNEXPECTED',
    `${fileLabel}: event_body_blobs has no body column and there is no body_blocks table (neither pre-archive nor archive)`,
  );
}

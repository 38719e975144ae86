/**
 * The shape checks of docs/formats/ledger-format.md#identifying-a-ledger step 6, worded as the product words them.
 * The inspector's list is deliberately the part every A4 variant shares (the marker stayed at 4 while tables were
 * added, #generations): the archive/index tables in full and the event tables' join keys. Variant tables
 * (host_events, policy_ vs profile_mutation_events, ledger_commitments, exec_events.target) are not required, so
 * older A4 ledgers still open.
 */
import { InspectorError } from '../../../shared/errors.js';
import type { Generation } from '../../../shared/ledger-types.js';
import type { LedgerSchema } from './schema.js';

type Shape = Readonly<Record<string, readonly string[]>>;

const INDEX_COLUMNS = [
  'id',
  'event_id',
  'event_type',
  'source_table',
  'direction',
  'content_type',
  'original_bytes',
  'stored_bytes',
  'truncated',
  'body_hash',
  'block_offset',
  'body_offset',
  'body_len',
  'trace_id',
  'turn_id',
  'created_at',
];
const ARCHIVE_STATE_COLUMNS = ['singleton', 'archive_id', 'generation_id', 'format_version', 'committed_end', 'revision'];
const KEYED_EVENT_TABLES = [
  'net_events',
  'model_calls',
  'tool_calls',
  'tool_responses',
  'fs_events',
  'exec_events',
  'dns_events',
  'security_rule_events',
  'security_decision_events',
  'security_ask_events',
];

const A4_SHAPE: Shape = {
  archive_state: ARCHIVE_STATE_COLUMNS,
  ledger_counters: ['singleton', 'counters'],
  body_blocks: ['block_offset', 'raw_len', 'disk_len', 'sealed_at'],
  event_body_blobs: INDEX_COLUMNS,
  ...Object.fromEntries(KEYED_EVENT_TABLES.map((t) => [t, ['id', 'event_id']])),
};

/** Only what reading bodies needs; A3/A2/A1 ledgers predate the readiness list. */
const LOCATING_COLUMNS = ['event_id', 'source_table', 'direction', 'body_hash', 'block_offset', 'body_offset', 'body_len'];
const SHAPES: Record<Generation, Shape> = {
  L0: {},
  A1: { body_blocks: ['block_offset', 'raw_len', 'comp_len'], event_body_blobs: LOCATING_COLUMNS },
  A2: { body_blocks: ['block_offset', 'raw_len', 'disk_len'], event_body_blobs: LOCATING_COLUMNS },
  A3: { archive_state: ARCHIVE_STATE_COLUMNS, body_blocks: ['block_offset', 'raw_len', 'disk_len'], event_body_blobs: LOCATING_COLUMNS },
  A4: A4_SHAPE,
};

/** Throws SCHEMA_UNEXPECTED with the product's wording for the first missing table or column. */
export function requireShape(generation: Generation, schema: LedgerSchema): void {
  for (const [table, columns] of Object.entries(SHAPES[generation])) {
    const have = schema.tables.get(table);
    if (!have) {
      const why = schema.unsafeLedgerNames.get(table);
      throw new InspectorError('SCHEMA_UNEXPECTED', `session db missing required table main.${table}${why ? ` (it is ${why})` : ''}`);
    }
    for (const column of columns) {
      if (!have.includes(column))
        throw new InspectorError('SCHEMA_UNEXPECTED', `session db table main.${table} missing required column ${column}`);
    }
  }
}

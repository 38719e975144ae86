// The short texts that tie an exported line to the ledger: its row, and each body with its hash.
import type { TranscriptBody, TranscriptLine } from '../../../../shared/contract/transcript.js';

export function rowNote(l: TranscriptLine): string | null {
  if (!l.row) return null;
  return `row ${l.row.table} ${l.row.rowid}${l.eventId ? ` · event_id ${l.eventId}` : ''}`;
}

export const bodyNote = (b: TranscriptBody): string => `${b.sourceTable}/${b.direction} ${b.storedBytes} B ${b.bodyHash ?? '(no hash)'}`;

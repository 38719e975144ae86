/**
 * Re-attaching a case to an opened copy of the evidence: for each item, whether this copy still holds what the item
 * named. Only the ledger's own index is consulted (the body_hash it records), so listing a case costs a few indexed
 * lookups, never a read of the archive; verifying the bodies themselves is the integrity report's job.
 */
import type { Evidence } from '../evidence/types.js';
import { findBodyRow } from '../bodies/read-body.js';
import type { CaseAttachState } from '../../../shared/contract/case.js';
import type { CaseItem } from './case-format.js';
import { rowExists } from './case-rows.js';

/** The contract's attach states (shared/contract/case.ts says what each means). */
export type AttachStatus = CaseAttachState;

/** Which part is missing or which hash changed; empty for attached and other-session. */
export type AttachReason = 'table' | 'row' | 'body' | 'body-hash' | 'session-db';

export interface AttachedItem {
  readonly item: CaseItem;
  readonly status: AttachStatus;
  readonly reasons: readonly AttachReason[];
  /** The body's hash in this copy's index, when it differs from the recorded one. */
  readonly currentBodyHash?: string | null;
}

function attachOne(evidence: Evidence, item: CaseItem, dbSha256: string | null): AttachedItem {
  if (item.sessionId !== evidence.sessionId) return { item, status: 'other-session', reasons: [] };
  if (!evidence.tables.has(item.table)) return { item, status: 'missing', reasons: ['table'] };
  if (!rowExists(evidence, item.table, item)) return { item, status: 'missing', reasons: ['row'] };
  const reasons: AttachReason[] = [];
  let currentBodyHash: string | null | undefined;
  if (item.body && item.eventId !== null) {
    const row = findBodyRow(evidence, { eventId: item.eventId, sourceTable: item.body.sourceTable, direction: item.body.direction });
    if (!row) return { item, status: 'missing', reasons: ['body'] };
    const now = row.bodyHash === '' ? null : row.bodyHash;
    if (now !== item.body.bodyHash) {
      reasons.push('body-hash');
      currentBodyHash = now;
    }
  }
  // A hash not taken on either side cannot tell a change: the row's presence is all there is to go by.
  if (item.sessionDbSha256 !== null && dbSha256 !== null && item.sessionDbSha256 !== dbSha256) reasons.push('session-db');
  if (reasons.length === 0) return { item, status: 'attached', reasons };
  return { item, status: 'changed', reasons, ...(currentBodyHash !== undefined ? { currentBodyHash } : {}) };
}

export function attachCase(evidence: Evidence, items: readonly CaseItem[]): AttachedItem[] {
  const dbSha256 = evidence.hashes.db?.sha256 ?? null;
  return items.map((item) => attachOne(evidence, item, dbSha256));
}

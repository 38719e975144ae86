/**
 * Decoding an event's `detail` BLOB (docs/formats/host-ledger.md#detail-encodings). Bounded and total: every input
 * gives either a typed detail or "no detail" plus a note; nothing here throws.
 */
import { decode } from '@msgpack/msgpack';
import type { HostSessionDetail, LedgerCounters } from './types.js';
import type { Notes } from './sparse-fields.js';
import { SparseFields, isPlainMap } from './sparse-fields.js';
import { readLedgerCounters } from './ledger-counters.js';

/** Upstream caps an encoded detail at 10 MiB; anything larger is refused unread. */
export const MAX_DETAIL_BYTES = 10 * 1024 * 1024;

export type DecodedMap = { readonly ok: true; readonly fields: SparseFields } | { readonly ok: false; readonly reason: string };

/**
 * MessagePack → a sparse map reader. `useBigInt64` keeps u64/i64 encodings exact (numbers narrowed
 * back when safe); the collection limits keep a hostile 10 MiB blob from allocating more than its size implies.
 */
export function decodeSparseMap(bytes: Uint8Array, label: string, notes: Notes): DecodedMap {
  if (bytes.length === 0) return { ok: false, reason: `${label}: empty (0 bytes)` };
  if (bytes.length > MAX_DETAIL_BYTES)
    return { ok: false, reason: `${label}: ${bytes.length} bytes exceeds the ${MAX_DETAIL_BYTES}-byte cap` };
  let value: unknown;
  try {
    value = decode(bytes, {
      useBigInt64: true,
      maxStrLength: bytes.length,
      maxBinLength: bytes.length,
      maxArrayLength: bytes.length,
      maxMapLength: bytes.length,
      maxExtLength: bytes.length,
    });
  } catch (error) {
    return { ok: false, reason: `${label}: not valid MessagePack (${error instanceof Error ? error.message : String(error)})` };
  }
  if (!isPlainMap(value)) return { ok: false, reason: `${label}: MessagePack value is not a map` };
  return { ok: true, fields: new SparseFields(value, label, notes) };
}

/** HostSessionDetail (docs/formats/host-ledger.md#hostsessiondetail), or null with a note for "no detail". */
export function decodeHostSessionDetail(bytes: Uint8Array, label: string, notes: Notes): HostSessionDetail | null {
  const map = decodeSparseMap(bytes, label, notes);
  if (!map.ok) {
    notes.push(`${map.reason}; treated as no detail`);
    return null;
  }
  const f = map.fields;
  const countersFields = f.optStruct('counters');
  return {
    persistent: f.bool('persistent'),
    ramBytes: f.u64('ram_bytes'),
    scratchDiskSizeGb: f.u64('scratch_disk_size_gb'),
    storageMode: f.str('storage_mode'),
    rootfsHash: f.optStr('rootfs_hash'),
    rootfsVersion: f.optStr('rootfs_version'),
    forkedFrom: f.optStr('forked_from'),
    status: f.optStr('status'),
    counters: countersFields ? readLedgerCounters(countersFields, notes) : null,
  };
}

/** LedgerCounters from a standalone BLOB (e.g. a session ledger's ledger_counters.counters). */
export function decodeLedgerCounters(bytes: Uint8Array, label: string, notes: Notes): LedgerCounters | null {
  const map = decodeSparseMap(bytes, label, notes);
  if (!map.ok) {
    notes.push(`${map.reason}; treated as no counters`);
    return null;
  }
  return readLedgerCounters(map.fields, notes);
}

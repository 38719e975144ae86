// The case in the app (issue 39): the tags and notes of a case file laid over one open evidence, and adding one.
// The shapes mirror core/case (docs/case-file.md) so the Case view and `capsem-inspect case list` say the same.
import type { Guard } from './guards.js';
import { bool, int, obj, optional, str, union, arrayOf, literalNull } from './guards.js';

/** A body (or a byte range of one) an item names. The case file's own shape (core/case/case-format.ts uses it). */
export interface CaseBody {
  readonly sourceTable: string;
  readonly direction: string;
  /** event_body_blobs.body_hash at the time (`blake3:<hex>`), or null when the index held none. */
  readonly bodyHash: string | null;
  /** A byte range of the stored body, [start, end); null for the whole body. */
  readonly range: readonly [number, number] | null;
}

/** One tag and note, as the case file keeps it and the Case view shows it. */
export interface CaseItem {
  readonly id: string;
  /** ISO 8601, UTC. */
  readonly createdAt: string;
  readonly tag: string;
  readonly note: string | null;
  readonly sessionId: string;
  /** SHA-256 of the session.db the item was made on; null when that copy's hash was not taken (yet). */
  readonly sessionDbSha256: string | null;
  readonly table: string;
  /** The row's event_id; null for a table without one, whose row is named by `rowid`. */
  readonly eventId: string | null;
  readonly rowid: number | null;
  readonly body: CaseBody | null;
}

/**
 * attached: this copy holds the row (and body) as recorded. missing: same session, but the row or body is not here.
 * changed: the row is here but its body's hash, or session.db's hash, differs from the recorded one.
 * other-session: made on another session; listed, not checked.
 */
export type CaseAttachState = 'attached' | 'missing' | 'changed' | 'other-session';

export interface CaseEntry {
  readonly item: CaseItem;
  readonly status: CaseAttachState;
  /** What is missing (table, row, body) or changed (body-hash, session-db); empty when attached. */
  readonly reasons: readonly string[];
}

export interface CaseList {
  /** The case file's name (not its folder): enough to say which case is shown without handing out paths. */
  readonly file: string;
  /** In the file's order, which is the order they were added. */
  readonly entries: readonly CaseEntry[];
}

export interface CaseAddArg {
  readonly evidenceId: string;
  readonly eventId: string;
  readonly table?: string;
  readonly body?: { readonly direction: string; readonly range?: readonly [number, number] | null };
  readonly tag: string;
  readonly note?: string;
}

export interface CaseExportArg {
  readonly evidenceId: string;
  /** Credentials left as recorded: only when asked for by name (the export's first line then says so). */
  readonly unredacted?: boolean;
}

/** A case export as one .zip (core/case/export-zip.ts): unpacked, the folder `case export` writes. */
export interface CaseExportFile {
  readonly fileName: string;
  readonly base64: string;
  readonly bytes: number;
  readonly items: number;
  readonly redacted: boolean;
}

/** Above this the app refuses the .zip by name and points to `capsem-inspect case export`, which has no limit. */
export const CASE_EXPORT_MAX_BYTES = 256 * 1024 * 1024;

export interface CaseChannels {
  /** CASE_NOT_KEPT when this inspector keeps no case file (serve without --case). */
  'case.list': { arg: { readonly evidenceId: string }; result: CaseList };
  /** Adds the item and says `case.changed`; the core checks the tag, the note and what the item names. */
  'case.add': { arg: CaseAddArg; result: CaseEntry };
  /** The case handed on from the app: rows, verified bodies, notes and a receipt, masked unless asked otherwise. */
  'case.export': { arg: CaseExportArg; result: CaseExportFile };
}

/** The built-in tags, first in the Tag… picker; any other matching TAG_TEXT is the user's own. */
export const CASE_TAGS = ['notable', 'benign', 'follow-up'] as const;
export const TAG_TEXT = /^[a-z0-9][a-z0-9-]{0,39}$/;

const EVIDENCE_ID = str({ max: 128, min: 1, pattern: /^[A-Za-z0-9_-]+$/ });
const IDENT = str({ max: 128, min: 1, pattern: /^[A-Za-z_][A-Za-z0-9_]*$/ });
const OFFSET = int(0, 2 ** 53 - 1);
const range: Guard<readonly [number, number]> = (v, path) => {
  const r = arrayOf(OFFSET, 2)(v, path);
  if (!r.ok) return r;
  const [start, end] = r.value;
  return r.value.length === 2 && start! < end!
    ? { ok: true, value: [start!, end!] }
    : { ok: false, message: `${path} must be [start, end) with start < end` };
};

export const CASE_ARG_GUARDS: { readonly [C in keyof CaseChannels]: Guard<CaseChannels[C]['arg']> } = {
  'case.list': obj({ evidenceId: EVIDENCE_ID }),
  'case.add': obj({
    evidenceId: EVIDENCE_ID,
    // Any text a ledger wrote as an event_id: only ever a bound parameter (as decisions.chain takes it).
    eventId: str({ max: 1024, min: 1 }),
    table: optional(IDENT),
    body: optional(obj({ direction: IDENT, range: optional(union(range, literalNull())) })),
    tag: str({ max: 40, min: 1, pattern: TAG_TEXT }),
    note: optional(str({ max: 10_000, min: 1 })),
  }),
  'case.export': obj({ evidenceId: EVIDENCE_ID, unredacted: optional(bool) }),
};

/** The Library's session table: the seed lister's columns as display text, and an in-memory sort (a library is small). */
import type { SortSpec } from '../../../../shared/contract.js';
import type { LibrarySession } from '../../../../shared/contract/library.js';
import { durationText, groupedDecimal, sumDecimal, usdText } from './library-format.js';

/** The seed lister's columns; every one sorts (in memory: a library is small). */
export const SESSION_COLUMNS = [
  'on disk',
  'id',
  'status',
  'created',
  'stopped',
  'duration',
  'cost',
  'net events',
  'tokens in+out',
  'tool calls',
  'file events',
] as const;
export type SessionColumn = (typeof SESSION_COLUMNS)[number];
/** Columns whose values are numbers (right-aligned). */
export const NUMERIC_COLUMNS: ReadonlySet<SessionColumn> = new Set([
  'duration',
  'cost',
  'net events',
  'tokens in+out',
  'tool calls',
  'file events',
]);

const tokens = (s: LibrarySession): string | null => sumDecimal(s.tokensIn, s.tokensOut);

/** The lister's marker: `*` when the session.db is still there (where it is goes in the cell's title). */
export function onDiskTitle(s: LibrarySession): string | undefined {
  if (s.canOpen) return `session.db on disk in run/${s.onDisk}`;
  return s.onDisk ? `run/${s.onDisk} is there but holds no session.db` : undefined;
}

/** The display text of every column but the two times (drawn by the table in the chosen time zone). */
export function sessionTexts(s: LibrarySession): Record<Exclude<SessionColumn, 'created' | 'stopped'>, string> {
  return {
    'on disk': s.canOpen ? '*' : '',
    id: s.id,
    status: s.status,
    duration: durationText(s.durationMs),
    cost: usdText(s.costUsd),
    'net events': groupedDecimal(s.netEvents),
    'tokens in+out': groupedDecimal(tokens(s)),
    'tool calls': groupedDecimal(s.toolCalls),
    'file events': groupedDecimal(s.fileEvents),
  };
}

type SortKey = string | number | bigint | null;

/** The value a column sorts on; null (unknown) always sorts last, whichever the direction. */
function sortKey(column: string, s: LibrarySession): SortKey {
  const big = (d: string | null): bigint | null => (d === null ? null : BigInt(d));
  switch (column) {
    case 'on disk':
      return s.canOpen ? `0${s.onDisk}` : s.onDisk ? `1${s.onDisk}` : null;
    case 'id':
      return s.id;
    case 'status':
      return s.status;
    case 'created':
      return s.createdMs;
    case 'stopped':
      return s.stoppedMs;
    case 'duration':
      return s.durationMs;
    case 'cost':
      return big(s.costMicroUsd);
    case 'net events':
      return big(s.netEvents);
    case 'tokens in+out':
      return big(tokens(s));
    case 'tool calls':
      return big(s.toolCalls);
    case 'file events':
      return big(s.fileEvents);
    default:
      return null;
  }
}

const order = (a: Exclude<SortKey, null>, b: Exclude<SortKey, null>): number =>
  typeof a === 'string' && typeof b === 'string' ? a.localeCompare(b) : a < b ? -1 : a > b ? 1 : 0;

/** Newest first (as the ledger lists them) unless a column sort is chosen; ties keep that order. */
export function sortSessions(sessions: readonly LibrarySession[], sort: SortSpec | null): LibrarySession[] {
  if (!sort) return [...sessions];
  const dir = sort.direction === 'asc' ? 1 : -1;
  const keyed = sessions.map((s, i) => ({ s, i, k: sortKey(sort.column, s) }));
  keyed.sort((x, y) => {
    if (x.k === null || y.k === null) return x.k === y.k ? x.i - y.i : x.k === null ? 1 : -1;
    return dir * order(x.k, y.k) || x.i - y.i;
  });
  return keyed.map((x) => x.s);
}

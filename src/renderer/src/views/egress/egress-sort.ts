/** The destination table's orders: each column's value, a missing one (null) last whichever the direction. */
import type { EgressDestination } from '../../../../shared/contract.js';

export const EGRESS_SORTS = [
  'destination',
  'requests',
  'bytesSent',
  'bytesReceived',
  'allowed',
  'denied',
  'error',
  'redirected',
  'traces',
  'firstSeen',
  'lastSeen',
] as const;
export type EgressSort = (typeof EGRESS_SORTS)[number];

function valueOf(d: EgressDestination, by: EgressSort): string | number | null {
  switch (by) {
    case 'destination':
      return d.domain === null ? null : `${d.domain}:${String(d.port ?? '').padStart(5, '0')}`;
    case 'allowed':
    case 'denied':
    case 'error':
    case 'redirected':
      return d.decisions ? d.decisions[by] : null;
    default:
      return d[by];
  }
}

export function sortDestinations(rows: readonly EgressDestination[], by: EgressSort, dir: 'asc' | 'desc'): EgressDestination[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = valueOf(a, by);
    const y = valueOf(b, by);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return (x < y ? -1 : x > y ? 1 : 0) * sign;
  });
}

/** A copy of a session in a few words: where it was read from and its session.db SHA-256, shortened. */
import type { EvidenceSummary } from '../../../shared/contract.js';

export const shortHash = (h: string | null): string => (h === null ? 'none taken' : `${h.slice(0, 12)}…`);

export function copyLabel(e: EvidenceSummary): string {
  if (!e.copy) return '';
  // A large ledger's hash is taken after the first view; one SQLite cannot open never has it taken.
  const hash = e.copy.dbSha256 !== null ? shortHash(e.copy.dbSha256) : e.unreadable ? 'not taken' : 'pending';
  return `${e.copy.where} · SHA-256 ${hash}`;
}

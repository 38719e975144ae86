// Findings for the sections that decide the verdict (§3.1, §3.2, §3.4) plus the archive notes.
import type { Generation } from '../../../shared/ledger-types.js';
import { formatBodyFailure } from '../jobs/body-failure.js';
import type { ArchiveSection, Finding, PagesSection } from './types.js';

export function pageFindings(pages: PagesSection): Finding[] {
  return [{ severity: 'error', code: 'PAGES_DAMAGED', message: `Ledger pages damaged (quick_check): ${pages.messages.join('; ')}` }];
}

export function tableFindings(missing: readonly string[]): Finding[] {
  return missing.length === 0 ? [] : [{ severity: 'error', code: 'TABLES_MISSING', message: `Missing tables: ${missing.join(', ')}` }];
}

const LISTED = 5;

export function archiveFindings(a: ArchiveSection, generation: Generation): Finding[] {
  const out: Finding[] = a.problems.map((p) => ({ severity: 'error' as const, code: 'ARCHIVE_PROBLEM' as const, message: `${p.code}: ${p.message}` }));
  if (a.failed !== null && a.failed > 0) {
    const listed = a.failures.slice(0, LISTED).map(formatBodyFailure);
    out.push({
      severity: 'error', code: 'BODIES_FAILED',
      message: `${a.failed}/${a.bodies} bodies failed verification`,
      evidence: a.failed > LISTED ? [...listed, `... and ${a.failed - LISTED} more`] : listed,
    });
  }
  if (a.verifyError) {
    out.push({ severity: 'warning', code: 'VERIFY_INCOMPLETE', message: `body verification did not finish: ${a.verifyError.code} ${a.verifyError.message}` });
  }
  if (generation === 'L0') {
    out.push({
      severity: 'note', code: 'PRE_ARCHIVE_LEDGER',
      message: a.storage === 'sqlite'
        ? `pre-archive ledger: ${a.bodies} bodies live inside SQLite (event_body_blobs.body); Capsem's check_session would report "No body index" and fail it`
        : 'pre-archive ledger without a body table; Capsem\'s check_session would report "No body index" and fail it',
    });
  } else if (a.verified === null && a.bodies > 0 && !a.verifyError) {
    out.push({ severity: 'note', code: 'BODIES_UNVERIFIED', message: `${a.bodies} bodies not verified: their bytes were not read back through their hashes` });
  }
  return out;
}

// Findings for the sections that decide the verdict (docs/formats/session-check.md#page-integrity, #expected-tables,
// #body-archive) plus the archive notes.
import type { Generation } from '../../../shared/ledger-types.js';
import { formatBodyFailure } from '../jobs/body-failure.js';
import { bodyName, groupFailures } from '../../../shared/failure-groups.js';
import type { ArchiveSection, Finding, PagesSection } from './types.js';
import type { ShapeGaps } from '../evidence/newest-shape.js';
import type { WalSection } from './wal-section.js';
import { shapeGapSentence } from '../evidence/newest-shape.js';

export function pageFindings(pages: PagesSection): Finding[] {
  return [{ severity: 'error', code: 'PAGES_DAMAGED', message: `Ledger pages damaged (quick_check): ${pages.messages.join('; ')}` }];
}

/** Not damage (the ledger reads fine here), but what Capsem's current build would refuse: a warning. */
export function shapeFindings(g: ShapeGaps | null): Finding[] {
  return g ? [{ severity: 'warning', code: 'OLDER_A4_BUILD', message: shapeGapSentence(g) }] : [];
}

/** A -wal SQLite will not (fully) replay is named with its size; rows only in the -wal are counted per table. */
export function walFindings(w: WalSection | null): Finding[] {
  if (!w) return [];
  const out: Finding[] = [];
  if (w.problem) {
    out.push({
      severity: 'warning',
      code: 'WAL_NOT_REPLAYED',
      message: `session.db-wal (${w.bytes} bytes) is not ${w.committedFrames > 0 ? 'fully ' : ''}replayed by SQLite: ${w.problem}`,
    });
  }
  const only = Object.entries(w.rowsOnlyInWal);
  if (only.length > 0) {
    const total = only.reduce((n, [, c]) => n + c, 0);
    out.push({
      severity: 'note',
      code: 'WAL_ONLY_ROWS',
      message: `${total} rows exist only in session.db-wal (committed, never checkpointed into session.db): ${only.map(([t, c]) => `${t} ${c}`).join(', ')}; a copy of session.db without its -wal loses them`,
    });
  }
  return out;
}

export function tableFindings(missing: readonly string[]): Finding[] {
  return missing.length === 0 ? [] : [{ severity: 'error', code: 'TABLES_MISSING', message: `Missing tables: ${missing.join(', ')}` }];
}

const LISTED = 5;
/** The bodies named under one damaged segment or block. */
const GROUP_LISTED = 20;

export function archiveFindings(a: ArchiveSection, generation: Generation): Finding[] {
  const out: Finding[] = a.problems.map((p) => ({
    severity: 'error' as const,
    code: 'ARCHIVE_PROBLEM' as const,
    message: `${p.code}: ${p.message}`,
  }));
  if (a.failed !== null && a.failed > 0) {
    // One damaged segment (or block) is one finding with the bodies it takes down under it; failures about their
    // own body alone (a body hash mismatch) share one finding, as before.
    const groups = groupFailures(a.failures);
    const shared = groups.filter((g) => g.cause !== null && g.bodies.length > 1);
    const alone = groups.filter((g) => !shared.includes(g)).flatMap((g) => g.bodies);
    const grouped = shared.reduce((n, g) => n + g.bodies.length, 0);
    const unlisted = a.failed - a.failures.length;
    for (const g of shared) {
      const names = g.bodies.slice(0, GROUP_LISTED).map(bodyName);
      out.push({
        severity: 'error',
        code: 'BODIES_FAILED',
        message: `${g.code}: ${g.cause}; this takes down ${g.bodies.length} bodies`,
        evidence: g.bodies.length > GROUP_LISTED ? [...names, `... and ${g.bodies.length - GROUP_LISTED} more`] : names,
      });
    }
    if (alone.length > 0 || shared.length === 0) {
      const listed = alone.slice(0, LISTED).map(formatBodyFailure);
      const more = a.failed - grouped - Math.min(alone.length, LISTED);
      out.push({
        severity: 'error',
        code: 'BODIES_FAILED',
        message:
          `${a.failed}/${a.bodies} bodies failed verification` +
          (shared.length > 0
            ? ` (${grouped} of them under the ${shared.length === 1 ? 'damaged part' : `${shared.length} damaged parts`} above)`
            : ''),
        evidence: more > 0 ? [...listed, `... and ${more} more`] : listed,
      });
    } else if (unlisted > 0) {
      out.push({
        severity: 'error',
        code: 'BODIES_FAILED',
        message: `${a.failed}/${a.bodies} bodies failed verification (${unlisted} not listed)`,
      });
    }
  }
  if (a.verifyError) {
    out.push({
      severity: 'warning',
      code: 'VERIFY_INCOMPLETE',
      message: `body verification did not finish: ${a.verifyError.code} ${a.verifyError.message}`,
    });
  }
  if (generation === 'L0') {
    out.push({
      severity: 'note',
      code: 'PRE_ARCHIVE_LEDGER',
      message:
        a.storage === 'sqlite'
          ? `pre-archive ledger: ${a.bodies} bodies live inside SQLite (event_body_blobs.body); Capsem's check_session would report "No body index" and fail it`
          : 'pre-archive ledger without a body table; Capsem\'s check_session would report "No body index" and fail it',
    });
  } else if (a.verified === null && a.bodies > 0 && !a.verifyError) {
    out.push({
      severity: 'note',
      code: 'BODIES_UNVERIFIED',
      message: `${a.bodies} bodies not verified: their bytes were not read back through their hashes`,
    });
  }
  return out;
}

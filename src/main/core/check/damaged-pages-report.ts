// A ledger whose pages are so damaged that it cannot even be opened (SQLite reports corruption while
// reading the schema) is still a verdict, not a usage error: the doctor's quick_check would fail it.
import type { Failure } from '../../../shared/errors.js';
import { EMPTY_ARCHIVE, EMPTY_NULLS, EMPTY_OVERFLOW, EMPTY_PROVIDERS, EMPTY_TOOLS, HELP_NOTES } from './empty-sections.js';
import { pageFindings } from './error-findings.js';
import type { CheckReport } from './types.js';
import { UNKNOWN_COMPLETENESS } from '../completeness/types.js';

export function isPageDamage(error: Failure): boolean {
  return error.code === 'DB_CORRUPT';
}

export function damagedPagesReport(session: { id: string; dir: string }, dbPath: string, error: Failure): CheckReport {
  const pages = { ok: false, messages: [error.message] };
  return {
    generation: null,
    session,
    dbPath,
    stoppedAfter: 'pages',
    pages,
    tables: {},
    missingTables: [],
    newestShape: null,
    wal: null,
    archive: EMPTY_ARCHIVE,
    overflow: EMPTY_OVERFLOW,
    tools: EMPTY_TOOLS,
    providers: EMPTY_PROVIDERS,
    nulls: EMPTY_NULLS,
    previews: [],
    findings: pageFindings(pages),
    completeness: UNKNOWN_COMPLETENESS,
    verdict: 'damaged',
    help: HELP_NOTES,
  };
}

/**
 * The completeness section: every gap kind the ledger itself can tell of, each once (types.ts). Overflow windows and
 * -wal-only rows are counted by the integrity report's own sections and handed in, so each is read once.
 */
import type Database from 'better-sqlite3';
import { bodyCutGap } from './body-gaps.js';
import { counterGap, counterRows } from './counter-gaps.js';
import { ledgerCounters } from '../library/ledger-facts.js';
import { FILE_EVENTS_OVERFLOW_WORDS } from './gap-words.js';
import { execExcerptGap, stderrNotRecordedGap } from './exec-gaps.js';
import { headersCutGap } from './header-gaps.js';
import type { HostStop } from './host-stop.js';
import { previewOnlyGap } from './preview-gaps.js';
import { stoppedCounterGap } from './stopped-counter-gaps.js';
import type { CompletenessSection, Gap } from './types.js';
import { EXAMPLES } from './types.js';

/** What the report's overflow and -wal sections found, as far as completeness needs it. */
export interface CountedElsewhere {
  readonly overflow: {
    readonly windows: number;
    readonly heldBack: number;
    readonly list: readonly { readonly id: number; readonly heldFor: { readonly id: number } | null }[];
  };
  /** Rows per table only in the -wal; null without a -wal. */
  readonly walOnlyRows: Readonly<Record<string, number>> | null;
}

/**
 * `hostStop` is what a host ledger at hand says of the session's stop; null when none is (a session checked on its
 * own), and the section then says the host's final counters were not compared.
 */
export function checkCompleteness(
  db: Database.Database,
  elsewhere: CountedElsewhere,
  hostStop: HostStop | null = null,
): CompletenessSection {
  const notChecked: string[] = [];
  const gaps = [
    bodyCutGap(db),
    previewOnlyGap(db),
    execExcerptGap(db),
    stderrNotRecordedGap(db),
    headersCutGap(db),
    overflowGap(elsewhere.overflow),
    walOnlyGap(elsewhere.walOnlyRows),
    counterGap(db, notChecked),
    stoppedCounterGap(db, hostStop, notChecked),
  ].filter((g): g is Gap => g !== null);
  const snapshot = ledgerCounters(db, []);
  const counters = counterRows(db, snapshot, hostStop?.state === 'stopped' ? hostStop.counters : null);
  return { verdict: gaps.length === 0 ? 'complete' : 'gaps', gaps, notChecked, counters };
}

function overflowGap(o: CountedElsewhere['overflow']): Gap | null {
  if (o.windows === 0) return null;
  return {
    kind: 'FILE_EVENTS_OVERFLOW',
    rows: o.windows,
    bytesMissing: null,
    places: [{ place: 'fs_events/overflow', rows: o.windows, bytesMissing: null }],
    examples: o.list.slice(0, EXAMPLES).map((w) => `fs_events #${w.id}`),
    says: FILE_EVENTS_OVERFLOW_WORDS.section(o.windows, o.heldBack),
  };
}

function walOnlyGap(rows: Readonly<Record<string, number>> | null): Gap | null {
  const places = Object.entries(rows ?? {})
    .filter(([, n]) => n > 0)
    .map(([table, n]) => ({ place: table, rows: n, bytesMissing: null }));
  if (places.length === 0) return null;
  const total = places.reduce((n, p) => n + p.rows, 0);
  return {
    kind: 'WAL_ONLY_ROWS',
    rows: total,
    bytesMissing: null,
    places,
    examples: [],
    says: `${total} ${total === 1 ? 'row lives' : 'rows live'} only in session.db-wal: read here with it, but a copy of session.db alone would not have ${total === 1 ? 'it' : 'them'}`,
  };
}

// Every indicator of a hunt over one opened session. The byte indicators (-F, -E, --secrets) are searched together in
// one pass, where the first of them stands (byte-hunt.ts: every body verified once, then searched by each of their
// patterns, then the text columns once): until issue 41 each ran its own full search, so three of them read,
// decoded and verified every body three times. A domain and a body hash are indexed lookups; an address, path,
// credential or process is a walk of a few known columns (row-scan.ts). A body that fails verification is handed on
// as damaged (once per session, whichever indicator met it), never as a hit. A time window bounds the row hits
// (domain included) by each row's own time; byte and body-hash hits are not bounded: a body's owner row is not looked
// up per match. Within the byte pass the indicators' hits interleave in the order found, so a --max may keep hits of
// several of them.
import type { Failure } from '../../../shared/errors.js';
import { fail } from '../../../shared/errors.js';
import type { BodyIndexRow } from '../../../shared/ledger-types.js';
import type { Evidence } from '../evidence/types.js';
import type { BodyFailure } from '../jobs/verify-types.js';
import { bodyHashRows } from '../search/body-hash-rows.js';
import type { DomainRow } from '../search/domain-rows.js';
import { domainRows } from '../search/domain-rows.js';
import type { ByteHit } from './byte-hunt.js';
import { huntBytes } from './byte-hunt.js';
import { credentialRows } from './credential-rows.js';
import type { Indicator, RowIndicator } from './indicators.js';
import { isByteIndicator, isRowIndicator } from './indicators.js';
import { ipRows } from './ip-rows.js';
import { pathRows } from './path-rows.js';
import { processRows } from './process-rows.js';
import type { RowHit } from './row-scan.js';
import type { TimeWindow } from './time-window.js';
import { NO_WINDOW, inWindow } from './time-window.js';

export type HuntHit =
  /** A byte match in a verified body or a text column; `secret` for a --secrets match with a known pattern. */
  | ByteHit
  | { readonly kind: 'host'; readonly indicator: Indicator; readonly row: DomainRow }
  /** A row whose column holds the address, path, credential or process asked for. */
  | { readonly kind: 'row'; readonly indicator: Indicator; readonly row: RowHit }
  /** A body recorded with the hash asked for, read back and verified. */
  | { readonly kind: 'body'; readonly indicator: Indicator; readonly row: BodyIndexRow };

export interface HuntSink {
  /** Returns false to stop the hunt (a --max reached). */
  hit(h: HuntHit): boolean;
  damaged(f: BodyFailure): void;
}

export interface SessionHuntResult {
  /** The sink stopped the hunt. */
  readonly stopped: boolean;
  /** Why the hunt of this session did not finish (CANCELLED on Ctrl-C, or a search that failed). */
  readonly error: Failure | null;
}

export interface SessionHuntOptions {
  readonly signal?: AbortSignal;
  readonly workers?: number;
  /** --since / --until: row hits outside it are passed over. */
  readonly window?: TimeWindow;
}

export async function huntSession(
  evidence: Evidence,
  indicators: readonly Indicator[],
  sink: HuntSink,
  opts: SessionHuntOptions = {},
): Promise<SessionHuntResult> {
  const window = opts.window ?? NO_WINDOW;
  const seenDamaged = new Set<string>();
  const damaged = (f: BodyFailure): void => {
    const key = `${f.eventId}\0${f.sourceTable}\0${f.direction}`;
    if (seenDamaged.has(key)) return;
    seenDamaged.add(key);
    sink.damaged(f);
  };
  let stopped = false;
  const hit = (h: HuntHit): boolean => {
    if (stopped) return false;
    stopped = !sink.hit(h);
    return !stopped;
  };
  const byteIndicators = indicators.filter(isByteIndicator);
  let bytesHunted = false;
  for (const indicator of indicators) {
    if (opts.signal?.aborted) return { stopped, error: fail('CANCELLED', 'the hunt was interrupted') };
    if (isByteIndicator(indicator)) {
      // All of them in the one pass, made where the first stands; the others were searched with it.
      if (bytesHunted) continue;
      bytesHunted = true;
      const done = await huntBytes(evidence, byteIndicators, hit, {
        ...(opts.signal ? { signal: opts.signal } : {}),
        ...(opts.workers !== undefined ? { workers: opts.workers } : {}),
      });
      done.damaged.forEach(damaged);
      if (done.error) return { stopped, error: done.error };
    } else if (indicator.kind === 'domain') {
      domainRows(
        evidence.db,
        evidence.tables,
        indicator.domain,
        (row) => !inWindow(window, row.timeMs) || hit({ kind: 'host', indicator, row }),
      );
    } else if (isRowIndicator(indicator)) {
      rowsOf(evidence, indicator, (row) => !inWindow(window, row.timeMs) || hit({ kind: 'row', indicator, row }));
    } else {
      bodyHashRows(evidence, indicator.hash, (found) => {
        if (found.verified) return hit({ kind: 'body', indicator, row: found.row });
        const { eventId, sourceTable, direction } = found.row;
        damaged({ eventId, sourceTable, direction, code: found.error.code, message: found.error.message });
        return true;
      });
    }
    if (stopped) break;
  }
  return { stopped, error: null };
}

function rowsOf(evidence: Evidence, indicator: RowIndicator, visit: (row: RowHit) => boolean): void {
  const { db, tables } = evidence;
  switch (indicator.kind) {
    case 'ip':
      return ipRows(db, tables, indicator.range, visit);
    case 'path':
      return pathRows(db, tables, indicator.glob, visit);
    case 'credential-ref':
      return credentialRows(db, tables, indicator.ref, visit);
    case 'process':
      return processRows(db, tables, indicator.name, visit);
  }
}

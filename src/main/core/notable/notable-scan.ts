/**
 * Which saved entries one opened session contains: every entry's indicators run by the hunt's own per-session
 * search (huntSession), so a notable flag and `hunt` never disagree about what is there. All entries go in one
 * pass (each body is verified once) and each hit is handed back to the entry its indicator came from.
 */
import type { Failure } from '../../../shared/errors.js';
import type { Evidence } from '../evidence/types.js';
import type { BodyFailure } from '../jobs/verify-types.js';
import type { HuntHit } from '../hunt/hunt-session.js';
import { huntSession } from '../hunt/hunt-session.js';
import { indicatorOf } from '../hunt/indicator-args.js';
import type { Indicator } from '../hunt/indicators.js';
import { indicatorLabel } from '../hunt/indicators.js';
import type { NotableEntry } from './notable-format.js';

/** Hits kept per entry: enough to open and read, bounded so a common string cannot fill memory (all are counted). */
export const MAX_HITS_PER_ENTRY = 200;

export interface NotableFinding {
  readonly name: string;
  /** The entry's indicators as the CLI names them (`--domain example.com`). */
  readonly indicators: readonly string[];
  readonly hitCount: number;
  /** The first MAX_HITS_PER_ENTRY hits, in the order found. */
  readonly hits: readonly HuntHit[];
}

export interface NotableScan {
  /** How many entries the set holds. */
  readonly entries: number;
  /** The entries found here, in the set's order; an entry with no hit is not listed. */
  readonly found: readonly NotableFinding[];
  /** Bodies that failed verification: not searched, so an entry may be there unseen. */
  readonly damaged: readonly BodyFailure[];
  /** Why the scan did not finish (CANCELLED, a search that failed); what was found until then is kept. */
  readonly error: Failure | null;
}

export async function scanNotable(
  evidence: Evidence,
  entries: readonly NotableEntry[],
  opts: { readonly signal?: AbortSignal; readonly workers?: number } = {},
): Promise<NotableScan> {
  // The hunt names each hit by the very Indicator object it was given: that object leads back to its entry.
  const owner = new Map<Indicator, number>();
  const indicators = entries.flatMap((entry, n) =>
    entry.indicators.map((arg, i) => {
      const indicator = indicatorOf(arg, `${entry.name}.indicators[${i}]`);
      owner.set(indicator, n);
      return indicator;
    }),
  );
  const hits = entries.map(() => ({ count: 0, kept: [] as HuntHit[] }));
  const damaged: BodyFailure[] = [];
  const result = await huntSession(
    evidence,
    indicators,
    {
      hit: (h) => {
        const mine = hits[owner.get(h.indicator)!]!;
        mine.count += 1;
        if (mine.kept.length < MAX_HITS_PER_ENTRY) mine.kept.push(h);
        return true;
      },
      damaged: (f) => void damaged.push(f),
    },
    opts,
  );
  const found = entries.flatMap((entry, n) =>
    hits[n]!.count === 0
      ? []
      : [
          {
            name: entry.name,
            indicators: entry.indicators.map((arg, i) => indicatorLabel(indicatorOf(arg, `${entry.name}.indicators[${i}]`))),
            hitCount: hits[n]!.count,
            hits: hits[n]!.kept,
          },
        ],
  );
  return { entries: entries.length, found, damaged, error: result.error };
}

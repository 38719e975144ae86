/**
 * The `library.hunt.*` channels: one hunt over every session of an open library, run as a job. Start answers a run
 * id at once; the core says `hunt.changed {runId}` as sessions finish and hits arrive, and the renderer reads what is
 * new with `library.hunt.results` (offset: the hits it already holds). Indicators are named by kind and value as the
 * CLI's flags name them; the core parses each value (a bad one is BAD_REQUEST, an -E that does not compile BAD_PATTERN).
 */
import type { Failure } from '../errors.js';
import type { Guard } from './guards.js';
import { arrayOf, bool, int, obj, oneOf, optional, str } from './guards.js';

export const HUNT_KINDS = ['fixed', 'regex', 'secrets', 'domain', 'body-hash', 'ip', 'path', 'credential-ref', 'process'] as const;
export type HuntKind = (typeof HUNT_KINDS)[number];

/** An indicator as typed: `value` is unused for secrets; `ignoreCase` only for fixed and regex. */
export interface HuntIndicatorArg {
  readonly kind: HuntKind;
  readonly value?: string;
  readonly ignoreCase?: boolean;
}

export interface HuntStartArg {
  readonly libraryId: string;
  readonly indicators: readonly HuntIndicatorArg[];
  /** ISO-8601 with a zone, or a date (a whole UTC day), as `hunt --since/--until` take them. */
  readonly since?: string;
  readonly until?: string;
}

/** One hit: where it is (session, event, table, column or body direction) and what matched, as an excerpt. */
export interface HuntHitView {
  readonly session: string;
  /** The indicator as the CLI names it (`-F text`, `--domain example.com`). */
  readonly indicator: string;
  readonly kind: HuntKind;
  readonly in: 'body' | 'column';
  /** '' when the row keeps no event_id. */
  readonly eventId: string;
  readonly table: string;
  readonly column: string | null;
  readonly direction: string | null;
  readonly rowid: number | null;
  /** A byte match's place in its body or column. */
  readonly offset: number | null;
  readonly length: number | null;
  /** The excerpt: context before, the matched text (masked for a secret) and after; a row hit's value is `match`. */
  readonly before: string;
  readonly match: string;
  readonly after: string;
}

export interface HuntDamaged {
  readonly session: string;
  readonly eventId: string;
  readonly table: string;
  readonly direction: string;
  readonly code: string;
  readonly message: string;
}

/** A session the hunt did not search or finish, and why (missing from disk, outside the window, not opened, failed). */
export interface HuntSkipped {
  readonly session: string;
  readonly why: 'missing' | 'outside-window' | 'unopenable' | 'incomplete';
  readonly reason: string;
}

export interface HuntResults {
  readonly runId: string;
  readonly libraryId: string;
  readonly indicators: readonly string[];
  readonly sessionsDone: number;
  readonly sessionsTotal: number;
  /** The session being hunted now, or null. */
  readonly current: string | null;
  /** Every hit kept so far. */
  readonly hitCount: number;
  /** The hits from `offset` on, in the order found (session by session). */
  readonly hits: readonly HuntHitView[];
  /** True when MAX_HUNT_HITS were kept and the hunt stopped there. */
  readonly capped: boolean;
  readonly skipped: readonly HuntSkipped[];
  readonly damaged: readonly HuntDamaged[];
  readonly done: boolean;
  readonly cancelled: boolean;
  readonly error: Failure | null;
}

/** The hits one hunt keeps: enough to read, bounded so a common string cannot fill memory. */
export const MAX_HUNT_HITS = 10_000;

export interface HuntChannels {
  'library.hunt.start': { arg: HuntStartArg; result: { readonly runId: string } };
  'library.hunt.results': { arg: { readonly runId: string; readonly offset?: number }; result: HuntResults };
  /** Cancelling a hunt that already ended is not an error. */
  'library.hunt.cancel': { arg: { readonly runId: string }; result: null };
}

const ID = str({ max: 128, min: 1, pattern: /^[A-Za-z0-9_-]+$/ });
const BOUND = str({ max: 64, min: 1 });

const indicatorGuard: Guard<HuntIndicatorArg> = obj({
  kind: oneOf(HUNT_KINDS),
  value: optional(str({ max: 4096 })),
  ignoreCase: optional(bool),
});

export const HUNT_ARG_GUARDS: { readonly [C in keyof HuntChannels]: Guard<HuntChannels[C]['arg']> } = {
  'library.hunt.start': (v, path) => {
    const r = obj({ libraryId: ID, indicators: arrayOf(indicatorGuard, 32), since: optional(BOUND), until: optional(BOUND) })(v, path);
    if (r.ok && r.value.indicators.length === 0) return { ok: false, message: `${path}.indicators must name at least one indicator` };
    return r;
  },
  'library.hunt.results': obj({ runId: ID, offset: optional(int(0, MAX_HUNT_HITS)) }),
  'library.hunt.cancel': obj({ runId: ID }),
};

// Every denied, asked and redirected event of one session, grouped by the rule that decided it (issue 40, "Every
// decision explained"). Counts are SQL COUNT over all rows; the events listed per group are capped so a hostile
// ledger cannot make one group unbounded. Read-only queries; what the generation lacks is named in `missing`.
import type Database from 'better-sqlite3';
import { decisionSources } from './decision-sources.js';
import type { DecisionSource } from './decision-sources.js';
import { numberOf, textOf, unixMsText } from './row-values.js';
import type { ActionCount, DecisionEvent, DecisionGroup, DecisionsReport } from './types.js';

/** Events listed per rule; the rest are counted in `more`. */
export const EVENTS_PER_GROUP = 200;

interface Tally {
  total: number;
  counts: Map<string, number>;
  events: DecisionEvent[];
}

export function decisionsReport(db: Database.Database): DecisionsReport {
  const { sources, missing } = decisionSources(db);
  // One read transaction: the counts and the listed events see the same rows.
  return db.transaction(() => {
    const groups = new Map<string | null, Tally>();
    const tally = (rule: string | null): Tally => {
      let t = groups.get(rule);
      if (!t) groups.set(rule, (t = { total: 0, counts: new Map(), events: [] }));
      return t;
    };
    for (const s of sources) {
      for (const r of countsOf(db, s)) {
        const t = tally(textOf(r.rule));
        const action = textOf(r.action) ?? 'no decision';
        t.total += numberOf(r.n);
        t.counts.set(action, (t.counts.get(action) ?? 0) + numberOf(r.n));
      }
      for (const e of firstEvents(db, s)) tally(e.rule).events.push(e);
    }
    const out = [...groups].map(([rule, t]): DecisionGroup => {
      const events = t.events.sort(byTime).slice(0, EVENTS_PER_GROUP);
      return { rule, total: t.total, counts: countList(t.counts), events, more: t.total - events.length };
    });
    out.sort((a, b) => b.total - a.total || ruleOrder(a.rule, b.rule));
    return { groups: out, total: out.reduce((n, g) => n + g.total, 0), missing };
  })();
}

function countsOf(db: Database.Database, s: DecisionSource): { rule: unknown; action: unknown; n: unknown }[] {
  return db.prepare(`SELECT rule, action, COUNT(*) AS n FROM (${s.sql}) GROUP BY 1, 2`).all() as {
    rule: unknown;
    action: unknown;
    n: unknown;
  }[];
}

/** The first EVENTS_PER_GROUP events of each rule in this table, in time order. */
function firstEvents(db: Database.Database, s: DecisionSource): DecisionEvent[] {
  const rows = db
    .prepare(
      `SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY rule ORDER BY ${s.timeColumn}, id) AS nth FROM (${s.sql}))
        WHERE nth <= ? ORDER BY ${s.timeColumn}, id`,
    )
    // Integers as bigint: a hostile timestamp_unix_ms past 2^53 is then shown as written, not rounded.
    .safeIntegers(true)
    .all(EVENTS_PER_GROUP) as Record<string, unknown>[];
  return rows.map((r) => ({
    table: s.table,
    id: numberOf(r.id),
    eventId: textOf(r.event_id),
    time: s.timeColumn === 'time_ms' ? unixMsText(r.time_ms) : textOf(r.time_text),
    what: textOf(r.what),
    rule: textOf(r.rule),
    action: textOf(r.action) ?? 'no decision',
    policyMode: textOf(r.policy_mode),
    policyAction: textOf(r.policy_action),
    policyReason: textOf(r.policy_reason),
    stage: textOf(r.stage),
    actor: textOf(r.actor),
    previous: textOf(r.previous),
    requested: textOf(r.requested),
    resolver: textOf(r.resolver),
    reason: textOf(r.reason),
  }));
}

/** Time order across tables; an event without a time goes last; ties keep the tables' order. */
function byTime(a: DecisionEvent, b: DecisionEvent): number {
  if (a.time === b.time) return 0;
  if (a.time === null) return 1;
  if (b.time === null) return -1;
  return a.time < b.time ? -1 : 1;
}

function countList(counts: Map<string, number>): ActionCount[] {
  return [...counts].map(([action, count]) => ({ action, count })).sort((a, b) => b.count - a.count || (a.action < b.action ? -1 : 1));
}

/** Named rules by name; "no rule recorded" after them. */
function ruleOrder(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

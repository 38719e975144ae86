// The decisions report as terminal text: one block per rule (most events first) with its counts per action, then
// each event on one line in time order. Every ledger string goes through terminalSafe: it is attacker-chosen.
import type { DecisionEvent, DecisionGroup, DecisionsReport } from '../../main/core/decisions/types.js';
import { terminalSafe } from './grep-lines.js';
import type { Style } from './style.js';
import { styleFor } from './style.js';
import { formatTable } from './table.js';

export function renderDecisionsReport(sessionId: string, dbPath: string, report: DecisionsReport, colour: boolean): string {
  const s = styleFor(colour);
  const out = [`${s.bold('Session:')} ${terminalSafe(sessionId)}\n  ${terminalSafe(dbPath)}\n`];
  out.push(`  ${plural(report.total, 'denied, asked or redirected event')}, ${plural(report.groups.length, 'rule group')}\n`);
  if (report.missing.length > 0)
    out.push(
      s.yellow(`  Not recorded by this ledger (their events are not shown, a missing column is -): ${report.missing.join(', ')}`) + '\n',
    );
  for (const g of report.groups) out.push(group(g, s));
  if (report.groups.length === 0) out.push('\n  No event was denied, asked or redirected in what this ledger records.\n');
  return out.join('');
}

function group(g: DecisionGroup, s: Style): string {
  const name = g.rule === null ? s.dim('(no rule recorded)') : s.bold(terminalSafe(g.rule));
  const counts = g.counts.map((c) => `${terminalSafe(c.action)} ${c.count}`).join(', ');
  const lines = [`\n  ${name}  ${plural(g.total, 'event')}: ${counts}\n`];
  lines.push(formatTable(HEADERS, g.events.map(eventCells), { indent: '    ', header: s.bold, rule: s.dim }));
  if (g.more > 0) lines.push(`    ... and ${g.more} more (only the first ${g.events.length} are listed)\n`);
  return lines.join('');
}

const HEADERS = ['TIME', 'TABLE', 'EVENT_ID', 'ACTION', 'WHAT', 'WHY'].map((header) => ({ header }));

/** One event's cells; WHY is the policy columns, or the security row's stage, transition, resolver and reason. */
export function eventCells(e: DecisionEvent): string[] {
  const safe = (v: string | null): string => (v === null ? '-' : terminalSafe(v));
  const why: string[] = [];
  if (e.policyMode !== null || e.policyAction !== null) why.push(`policy ${safe(e.policyMode)}/${safe(e.policyAction)}`);
  if (e.stage !== null || e.actor !== null) why.push(`stage ${safe(e.stage)} by ${safe(e.actor)}`);
  if (e.previous !== null || e.requested !== null) why.push(`${safe(e.previous)} -> ${safe(e.requested)} -> ${safe(e.action)}`);
  if (e.resolver !== null) why.push(`resolved by ${safe(e.resolver)}`);
  const reason = e.policyReason ?? e.reason;
  if (reason !== null) why.push(`"${terminalSafe(reason)}"`);
  return [safe(e.time), e.table, safe(e.eventId), safe(e.action), safe(e.what), why.join(', ')];
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

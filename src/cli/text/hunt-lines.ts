// hunt's output: one header per session with something to say, then one line per hit or finding under it, and the
// same as JSON records. Everything from a ledger or a host ledger (ids, hosts, context, paths) is attacker-chosen
// text and goes through terminalSafe; the JSON text is escaped by the encoder.
import type { BodyFailure } from '../../main/core/jobs/verify-types.js';
import type { HuntHit } from '../../main/core/hunt/hunt-session.js';
import { indicatorLabel } from '../../main/core/hunt/indicators.js';
import { maskSecret } from '../../main/core/search/secret-findings.js';
import { cutNote, terminalSafe, whereText } from './grep-lines.js';
import { matchPlaceJson } from './match-json.js';
import { bodyName, groupFailures } from '../../shared/failure-groups.js';
import type { Style } from './style.js';

export function sessionHeader(id: string, dir: string): string {
  return `== ${terminalSafe(id)}  ${terminalSafe(dir)}\n`;
}

export function hitLine(h: HuntHit, style: Style): string {
  const label = `[${terminalSafe(indicatorLabel(h.indicator))}]`;
  switch (h.kind) {
    case 'match': {
      const m = h.match;
      const shown = h.secret
        ? `${h.secret.pattern.name} ${maskSecret(terminalSafe(m.match), m.length)}${h.secret.host ? ` to ${terminalSafe(h.secret.host)}` : ''}`
        : `${terminalSafe(m.before)}${style.bold(style.red(terminalSafe(m.match)))}${terminalSafe(m.after)}`;
      return `  ${whereText(m)} ${m.offset}  ${label}  ${shown}${m.cut ? `  ${cutNote(m)}` : ''}\n`;
    }
    case 'host': {
      const r = h.row;
      return `  ${terminalSafe(r.eventId || '-')} ${terminalSafe(r.table)}.${terminalSafe(r.column)}#${r.rowid}  ${label}  ${style.bold(terminalSafe(r.host))}\n`;
    }
    case 'row': {
      const r = h.row;
      // A credential_ref hit holds the very value the label names: saying it twice is only noise.
      const shown = h.indicator.kind === 'credential-ref' ? '' : `  ${style.bold(terminalSafe(r.value))}`;
      return `  ${terminalSafe(r.eventId || '-')} ${terminalSafe(r.table)}.${terminalSafe(r.column)}#${r.rowid}  ${label}${shown}\n`;
    }
    case 'body': {
      const r = h.row;
      return `  ${terminalSafe(r.eventId || '-')} ${terminalSafe(r.sourceTable)}/${terminalSafe(r.direction)}  ${label}  ${r.bodyLen} bytes, verified\n`;
    }
  }
}

export function damagedHuntLine(f: BodyFailure, style: Style): string {
  return `  ${terminalSafe(f.eventId || '-')} ${terminalSafe(f.sourceTable)}/${terminalSafe(f.direction)}  ${style.red('DAMAGED')}: failed verification, not searched (${terminalSafe(f.code)}): ${terminalSafe(f.message)}\n`;
}

/**
 * A session's failed bodies, grouped by cause as check groups them (shared/failure-groups.ts): one damaged segment
 * is one line with the bodies it takes down under it, not the same sentence once per body.
 */
export function damagedHuntLines(failures: readonly BodyFailure[], style: Style): string {
  let out = '';
  for (const g of groupFailures(failures)) {
    if (g.cause === null || g.bodies.length === 1) {
      for (const f of g.bodies) out += damagedHuntLine(f, style);
      continue;
    }
    out += `  ${style.red('DAMAGED')}: failed verification, not searched: ${g.bodies.length} bodies, one cause (${terminalSafe(g.code)}): ${terminalSafe(g.cause)}\n`;
    for (const f of g.bodies) out += `    ${terminalSafe(bodyName({ ...f, eventId: f.eventId || '-' }))}\n`;
  }
  return out;
}

/** Where a row hit is, the same for a host and any other row indicator. */
function columnPlace(row: { eventId: string; table: string; column: string; rowid: number }): Record<string, unknown> {
  return { in: 'column', eventId: row.eventId, table: row.table, column: row.column, rowid: row.rowid };
}

/** A hit as its JSON record: where it is (session, event, table, direction or column, offset) and what matched. */
export function hitJson(session: string, h: HuntHit): Record<string, unknown> {
  const base = { type: 'hit', session, indicator: indicatorLabel(h.indicator), kind: h.indicator.kind };
  switch (h.kind) {
    case 'match': {
      const m = h.match;
      const what = h.secret
        ? { pattern: h.secret.pattern.name, verdict: h.secret.verdict, host: h.secret.host, masked: maskSecret(m.match, m.length) }
        : { before: m.before, match: m.match, after: m.after };
      return { ...base, ...matchPlaceJson(m, 'table'), ...what };
    }
    case 'host':
      return { ...base, ...columnPlace(h.row), host: h.row.host };
    case 'row':
      return {
        ...base,
        ...columnPlace(h.row),
        value: h.row.value,
        time: h.row.timeMs === null ? null : new Date(h.row.timeMs).toISOString(),
      };
    case 'body':
      return {
        ...base,
        in: 'body',
        eventId: h.row.eventId,
        table: h.row.sourceTable,
        direction: h.row.direction,
        bodyHash: h.row.bodyHash,
        bytes: h.row.bodyLen,
      };
  }
}

export function damagedJson(session: string, f: BodyFailure): Record<string, unknown> {
  return { type: 'damaged', session, eventId: f.eventId, table: f.sourceTable, direction: f.direction, code: f.code, message: f.message };
}

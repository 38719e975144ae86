// A hunt hit or damaged body as the app's contract carries it: plain JSON naming where it is (so the view can open
// the session at the event or row) and an excerpt. A secret is masked here, as the CLI masks it: its value never
// leaves the core whole.
import type { HuntDamaged, HuntHitView } from '../../../shared/contract/hunt.js';
import type { BodyFailure } from '../jobs/verify-types.js';
import { maskSecret } from '../search/secret-findings.js';
import type { HuntHit } from './hunt-session.js';
import { indicatorLabel } from './indicators.js';

const NO_PLACE = { column: null, direction: null, rowid: null, offset: null, length: null, before: '', after: '' };

export function hitView(session: string, h: HuntHit): HuntHitView {
  const base = { session, indicator: indicatorLabel(h.indicator), kind: h.indicator.kind };
  switch (h.kind) {
    case 'match': {
      const m = h.match;
      const where =
        m.source.kind === 'body'
          ? { in: 'body' as const, table: m.source.sourceTable, direction: m.source.direction, column: null, rowid: null }
          : { in: 'column' as const, table: m.source.table, column: m.source.column, rowid: m.source.rowid, direction: null };
      const text = h.secret
        ? { before: '', match: `${h.secret.pattern.name} ${maskSecret(m.match, m.length)}`, after: '' }
        : { before: m.before, match: m.match, after: m.after };
      return { ...base, ...where, eventId: m.eventId, offset: m.offset, length: m.length, ...text };
    }
    case 'host':
    case 'row': {
      const r = h.row;
      const value = h.kind === 'host' ? h.row.host : h.row.value;
      return { ...base, ...NO_PLACE, in: 'column', eventId: r.eventId, table: r.table, column: r.column, rowid: r.rowid, match: value };
    }
    case 'body': {
      const r = h.row;
      return {
        ...base,
        ...NO_PLACE,
        in: 'body',
        eventId: r.eventId,
        table: r.sourceTable,
        direction: r.direction,
        match: `${r.bodyLen} bytes, verified`,
      };
    }
  }
}

export function damagedView(session: string, f: BodyFailure): HuntDamaged {
  return { session, eventId: f.eventId, table: f.sourceTable, direction: f.direction, code: f.code, message: f.message };
}

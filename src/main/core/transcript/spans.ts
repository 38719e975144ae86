// What a header line of a page heads, found in the orders its entries came from. A turn header: the entries after it
// up to the next turn (order.ts puts every row the ledger ties to the turn there). A trace header: its whole order.
// The untraced tail's header: the rows no told trace carries. Spans are found once per order, so a page of a long
// trace does not walk the order again for each turn it shows.
import type { Entry } from '../traces/order.js';
import type { UntracedRows } from './untraced.js';
import { UNTRACED_TABLES } from './untraced.js';

const spansOf = new WeakMap<readonly Entry[], Map<Entry, readonly [number, number]>>();

function turnSpans(order: readonly Entry[]): Map<Entry, readonly [number, number]> {
  let m = spansOf.get(order);
  if (m) return m;
  m = new Map();
  let head = -1;
  for (let i = 0; i <= order.length; i++) {
    const e = order[i];
    if (e !== undefined && e.kind !== 'turn' && e.kind !== 'trace') continue;
    if (head >= 0) m.set(order[head]!, [head + 1, i]);
    head = e?.kind === 'turn' ? i : -1;
  }
  spansOf.set(order, m);
  return m;
}

/** The net_events rows a header heads, and the object its egress is kept under (the same for every page). */
export interface NetRows {
  readonly key: object;
  ids(): readonly number[];
}

export interface Spans {
  /** A turn header's rows, or null for any other entry (or a turn whose order is not at hand). */
  turnRows(e: Entry): readonly Entry[] | null;
  /** The net_events rows a trace, turn or untraced-tail header heads; null for any other entry. */
  netRows(e: Entry): NetRows | null;
}

/** `untraced`: the session's untraced tail, when the page may show its header. */
export function spansIn(orders: readonly (readonly Entry[])[], untraced: UntracedRows | null = null): Spans {
  const spanOf = (e: Entry): { order: readonly Entry[]; from: number; to: number } | null => {
    for (const order of orders) {
      const span = turnSpans(order).get(e);
      if (span) return { order, from: span[0], to: span[1] };
    }
    return null;
  };
  const turnRows = (e: Entry): readonly Entry[] | null => {
    const s = e.kind === 'turn' ? spanOf(e) : null;
    return s && s.order.slice(s.from, s.to);
  };
  const netRows = (e: Entry): NetRows | null => {
    if (e.kind === 'turn') {
      const s = spanOf(e);
      return s && { key: e, ids: () => netIds(s.order, s.from, s.to) };
    }
    if (e.kind !== 'trace') return null;
    if (e.placedBy === 'untraced') return untraced && { key: untraced, ids: () => untracedNetIds(untraced) };
    const order = orders.find((o) => o[0] === e);
    return order ? { key: e, ids: () => netIds(order, 1, order.length) } : null;
  };
  return { turnRows, netRows };
}

function netIds(order: readonly Entry[], from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i < to; i++) if (order[i]!.table === 'net_events') out.push(order[i]!.id);
  return out;
}

const NET = UNTRACED_TABLES.indexOf('net_events');

function untracedNetIds(u: UntracedRows): number[] {
  const out: number[] = [];
  for (let i = 0; i < u.ids.length; i++) if (u.table[i] === NET) out.push(u.ids[i]!);
  return out;
}

export const noSpans: Spans = { turnRows: () => null, netRows: () => null };

// The rows a turn header heads in its trace's order: the entries after it up to the next turn (order.ts puts every
// row of a turn there, calls and the rows placed by time alike). Found once per order, so a page of a long trace
// does not walk the order again for each turn it shows.
import type { Entry } from '../traces/order.js';

const spansOf = new WeakMap<readonly Entry[], Map<Entry, readonly [number, number]>>();

function spans(order: readonly Entry[]): Map<Entry, readonly [number, number]> {
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

/** What a page asks of the orders its entries came from: a turn header's rows, or null for any other entry. */
export type TurnRows = (e: Entry) => readonly Entry[] | null;

export function turnRowsIn(...orders: readonly (readonly Entry[])[]): TurnRows {
  return (e) => {
    if (e.kind !== 'turn') return null;
    for (const order of orders) {
      const span = spans(order).get(e);
      if (span) return order.slice(span[0], span[1]);
    }
    return null;
  };
}

export const noTurnRows: TurnRows = () => null;

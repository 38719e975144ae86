/**
 * A table's rowids in a sorted order, and where each rowid sits in it (sort-orders.ts serves pages from it). The
 * reverse lookup is made where the order is made (sort-worker.ts), off the server's thread: the rowids sorted, and for
 * each the place it holds in the order; a place is then a binary search away.
 */
export function reverseLookup(rowids: Float64Array): { byRowid: Float64Array<ArrayBuffer>; placeOf: Int32Array<ArrayBuffer> } {
  const placeOf = new Int32Array(rowids.length);
  for (let i = 0; i < placeOf.length; i++) placeOf[i] = i;
  placeOf.sort((a, b) => rowids[a]! - rowids[b]!);
  const byRowid = new Float64Array(rowids.length);
  for (let i = 0; i < placeOf.length; i++) byRowid[i] = rowids[placeOf[i]!]!;
  return { byRowid, placeOf };
}

export class SortedOrder {
  constructor(
    readonly rowids: Float64Array,
    private readonly byRowid: Float64Array,
    private readonly placeOf: Int32Array,
  ) {}

  get length(): number {
    return this.rowids.length;
  }

  /** The ascending place of a rowid, or -1 when it is not in the order. */
  place(rowid: number): number {
    let lo = 0;
    let hi = this.byRowid.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = this.byRowid[mid]!;
      if (v === rowid) return this.placeOf[mid]!;
      if (v < rowid) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}

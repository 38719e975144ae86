/**
 * Building blocks of the trace-keys scan (trace-keys-scan.ts): typed arrays that grow as a statement is iterated
 * and end at exactly their length, and a string table whose indices are renumbered into sorted order at the end.
 * The scan never holds a million rows as JS arrays: each row's values go straight into these. The lookups the keys
 * make over those arrays (groups by value, binary searches) are here too.
 */
import type { PackedStrings } from './trace-keys-protocol.js';

type Typed = Float64Array | Int32Array | Uint8Array;
type TypedCtor<T extends Typed> = { new (n: number): T };

export class Column<T extends Typed> {
  private a: T;
  length = 0;
  constructor(private readonly ctor: TypedCtor<T>) {
    this.a = new ctor(1024);
  }
  push(v: number): void {
    if (this.length === this.a.length) {
      const b = new this.ctor(this.a.length * 2);
      b.set(this.a);
      this.a = b;
    }
    this.a[this.length++] = v;
  }
  /** The values in an array of exactly their length, on a buffer of its own (transferable alone). */
  done(): T {
    return this.a.slice(0, this.length) as T;
  }
}

export const f64 = (): Column<Float64Array> => new Column(Float64Array);
export const i32 = (): Column<Int32Array> => new Column(Int32Array);
export const u8 = (): Column<Uint8Array> => new Column(Uint8Array);

/** Interns strings while scanning; `pack` sorts them and renumbers every index column filled meanwhile. */
export class StringTable {
  private readonly index = new Map<string, number>();
  private readonly list: string[] = [];
  intern(v: unknown): number {
    if (v === null || v === undefined) return -1;
    const s = String(v);
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(s);
      this.index.set(s, i);
    }
    return i;
  }
  /** Sorted and packed; each column's indices rewritten in place to the sorted positions. */
  pack(columns: readonly Int32Array[]): PackedStrings {
    const order = Array.from(this.list.keys()).sort((x, y) => compare(this.list[x]!, this.list[y]!));
    const renumber = new Int32Array(order.length);
    order.forEach((old, at) => (renumber[old] = at));
    for (const c of columns) for (let i = 0; i < c.length; i++) if (c[i]! >= 0) c[i] = renumber[c[i]!]!;
    const ends = new Int32Array(order.length);
    let end = 0;
    const parts = order.map((old, at) => {
      const s = this.list[old]!;
      end += s.length;
      ends[at] = end;
      return s;
    });
    this.index.clear();
    return { text: parts.join(''), ends };
  }
}

/** UTF-16 code-unit order, the one `<` uses (and the only one a binary search over the table may assume). */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function stringAt(p: PackedStrings, i: number): string {
  return p.text.slice(i === 0 ? 0 : p.ends[i - 1]!, p.ends[i]!);
}

/** The index of `s` in the table, or -1. */
export function indexOfString(p: PackedStrings, s: string): number {
  let lo = 0;
  let hi = p.ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const c = compare(stringAt(p, mid), s);
    if (c === 0) return mid;
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return -1;
}

/**
 * Positions of a column's rows grouped by value (a string index): the rows of value v are
 * `at[start[v]] … at[start[v + 1] - 1]`, in ascending position (so ascending rowid). Two typed arrays per column, made
 * by one counting pass when first asked, instead of a Map of arrays per value built when the keys arrive.
 */
export interface Groups {
  readonly start: Int32Array;
  readonly at: Int32Array;
}

export function groupBy(col: Int32Array, values: number): Groups {
  const start = new Int32Array(values + 1);
  for (let i = 0; i < col.length; i++) if (col[i]! >= 0) start[col[i]! + 1]!++;
  for (let v = 0; v < values; v++) start[v + 1]! += start[v]!;
  const fill = start.slice(0, values);
  const at = new Int32Array(start[values]!);
  for (let i = 0; i < col.length; i++) {
    const v = col[i]!;
    if (v >= 0) at[fill[v]!++] = i;
  }
  return { start, at };
}

/** Rowids (ascending) of the rows whose column holds string index v. */
export function rowidsOf(g: Groups, ids: Float64Array, v: number): number[] {
  const out: number[] = [];
  if (v < 0) return out;
  for (let j = g.start[v]!; j < g.start[v + 1]!; j++) out.push(ids[g.at[j]!]!);
  return out;
}

/** Position of a rowid in an ascending rowid column, or -1. */
export function positionOf(ids: Float64Array, id: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ids[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  return lo < ids.length && ids[lo] === id ? lo : -1;
}

/** Positions with a model call, ordered by (model_call_id, position): usually already so, then no sort is needed. */
export function itemOrder(mc: Float64Array): Int32Array {
  let n = 0;
  let sorted = true;
  let last = -Infinity;
  for (let i = 0; i < mc.length; i++) {
    const v = mc[i]!;
    if (Number.isNaN(v)) continue;
    n++;
    if (v < last) sorted = false;
    last = v;
  }
  const order = new Int32Array(n);
  let j = 0;
  for (let i = 0; i < mc.length; i++) if (!Number.isNaN(mc[i]!)) order[j++] = i;
  if (!sorted) order.sort((a, b) => mc[a]! - mc[b]! || a - b);
  return order;
}

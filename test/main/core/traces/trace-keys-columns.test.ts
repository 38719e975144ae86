// The scan's building blocks: columns that grow and end at their exact length, and a string table renumbered into
// sorted order, so the keys look strings up by binary search (a wrong order or renumbering would find nothing).
import { describe, expect, it } from 'vitest';
import { StringTable, f64, i32, indexOfString, stringAt } from '../../../../src/main/core/traces/trace-keys-columns.js';

describe('trace-keys columns', () => {
  it('grow past their first capacity and end at exactly their length, on a buffer of their own', () => {
    const c = f64();
    for (let i = 0; i < 5000; i++) c.push(i * 1.5);
    const a = c.done();
    expect(a.length).toBe(5000);
    expect(a.buffer.byteLength).toBe(5000 * 8);
    expect(a[4999]).toBe(4999 * 1.5);
  });

  it('renumber every index column to the sorted table, NULL kept as -1', () => {
    const t = new StringTable();
    const words = ['trace-b', 'é-call', 'trace-a', 'call_10', 'call_9', '', 'trace-b', '\u{1F600}x', 'Z'];
    const a = i32();
    for (const w of words) a.push(t.intern(w));
    a.push(t.intern(null));
    const col = a.done();
    const packed = t.pack([col]);
    const distinct = [...new Set(words)].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    expect(Array.from({ length: packed.ends.length }, (_, i) => stringAt(packed, i))).toEqual(distinct);
    expect(Array.from(col.subarray(0, words.length), (i) => stringAt(packed, i))).toEqual(words);
    expect(col[words.length]).toBe(-1);
    for (const w of distinct) expect(stringAt(packed, indexOfString(packed, w))).toBe(w);
    expect(indexOfString(packed, 'trace-c')).toBe(-1);
    expect(indexOfString(packed, 'call_1')).toBe(-1);
  });
});

describe('trace keys over a scan', () => {
  it('find every row by trace, call_id and model call as a plain filter does, items out of model-call order included', async () => {
    const { TraceKeys } = await import('../../../../src/main/core/traces/trace-keys.js');
    const t = new StringTable();
    const n = 300;
    const ids = Float64Array.from({ length: n }, (_, i) => i * 2 + 1);
    const trace = Int32Array.from({ length: n }, (_, i) => t.intern(i % 7 === 0 ? null : `trace-${i % 5}`));
    const callId = Int32Array.from({ length: n }, (_, i) => t.intern(i % 11 === 0 ? null : `call-${i % 40}`));
    const mc = Float64Array.from({ length: n }, (_, i) => (i % 13 === 0 ? Number.NaN : (i * 37) % 50));
    const itemTrace = Int32Array.from({ length: n }, (_, i) => t.intern(`trace-${i % 3}`));
    const strings = t.pack([trace, callId, itemTrace]);
    const empty = { table: new Uint8Array(0), trace: new Int32Array(0), turn: new Int32Array(0), count: new Float64Array(0) };
    const keys = new TraceKeys({
      strings,
      toolCalls: { ids, trace, callId },
      toolResponses: null,
      items: { ids, modelCallId: mc, itemIndex: Float64Array.from(mc, (v) => v * 10), trace: itemTrace },
      looseItems: null,
      events: empty,
      eventTables: [],
      eventRows: [],
    });
    const s = (i: number): string | null => (i < 0 ? null : stringAt(strings, i));
    const rows = [...ids.keys()];
    for (const tr of ['trace-0', 'trace-4', 'trace-9']) {
      expect(keys.callsOfTrace(tr)).toEqual(rows.filter((i) => s(trace[i]!) === tr).map((i) => ids[i]));
    }
    expect(keys.callsWithCallIds(['call-3', null, 'call-39', 'nope'])).toEqual(
      rows.filter((i) => ['call-3', 'call-39'].includes(s(callId[i]!) ?? '')).map((i) => ids[i]),
    );
    for (const i of [0, 5, 11, 299]) expect(keys.callIdOfCall(ids[i]!)).toBe(s(callId[i]!));
    expect(keys.callIdOfCall(2)).toBeNull();
    const mcs = [3, 0, 49, 7];
    expect(keys.itemsOf(mcs)).toEqual(rows.filter((i) => mcs.includes(mc[i]!)).map((i) => ids[i]));
    expect(keys.itemKeysOf(mcs, 'trace-1')).toEqual(
      mcs.flatMap((m) =>
        rows.filter((i) => mc[i] === m && s(itemTrace[i]!) === 'trace-1').map((i) => ({ id: ids[i], mc: m, index: m * 10 })),
      ),
    );
  });
});

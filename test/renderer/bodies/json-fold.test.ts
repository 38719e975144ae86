import { describe, expect, it } from 'vitest';
import {
  CHUNK,
  buildFoldLines,
  foldAll,
  foldedText,
  lineOfChar,
  unfoldTo,
  visibleLines,
} from '../../../src/renderer/src/bodies/json-fold.js';
import { prettyJson } from '../../../src/renderer/src/bodies/json-pretty.js';
import { jsonMatchLine, msgpackMatchLine, sseMatchLine } from '../../../src/renderer/src/bodies/match-line.js';
import { msgpackLines } from '../../../src/renderer/src/bodies/msgpack-lines.js';
import { sseView } from '../../../src/renderer/src/bodies/sse.js';
import { encode } from '@msgpack/msgpack';

const SRC = '{"a":{"b":[1,2,{"c":"x"}],"e":{}},"s":"q\\"uote","d":[3]}';

describe('foldable JSON lines', () => {
  it('prints exactly what the lossless pretty-printer prints, with each opener’s closing line', async () => {
    const f = await buildFoldLines(SRC, { sliceMs: Infinity });
    expect(f.lines).toEqual(prettyJson(SRC).lines);
    expect(f.problem).toBeNull();
    const closer = (i: number): string => f.lines[f.close[i]!]!.trim();
    expect(f.lines[1]).toBe('  "a": {');
    expect(closer(1)).toBe('},');
    expect(f.lines[2]).toBe('    "b": [');
    expect(closer(2)).toBe('],');
    expect(f.close[f.lines.indexOf('    "e": {}')]).toBe(-1);
    expect(Array.from(f.depth.subarray(0, 3))).toEqual([0, 1, 2]);
  });

  it('folds at any level; collapse all keeps the top level; the path to a line unfolds', async () => {
    const f = await buildFoldLines(SRC, { sliceMs: Infinity });
    const none = new Uint8Array(f.lines.length);
    expect(visibleLines(f, none).length).toBe(f.lines.length);
    const one = none.slice();
    one[2] = 1;
    const shown = Array.from(visibleLines(f, one), (i) => (one[i] ? foldedText(f, i) : f.lines[i]));
    expect(shown).toContain('    "b": [ … ],  ⟨5 lines⟩');
    expect(shown).not.toContain('        "c": "x"');
    const all = foldAll(f);
    expect(Array.from(visibleLines(f, all), (i) => f.lines[i]!.trim().slice(0, 6))).toEqual(['{', '"a": {', '"s": "', '"d": [', '}']);
    const cLine = f.lines.indexOf('        "c": "x"');
    const open = unfoldTo(f, all, cLine);
    expect(Array.from(visibleLines(f, open))).toContain(cLine);
    expect(open[f.lines.indexOf('  "d": [')]).toBe(1);
  });

  it('cuts a long string into continuation rows and finds the line of any source character', async () => {
    const src = `{"k":"${'z'.repeat(CHUNK * 2 + 10)}","n":1}`;
    const f = await buildFoldLines(src, { sliceMs: Infinity });
    expect(f.lines.every((l) => l.length <= CHUNK)).toBe(true);
    expect(f.lines.join('').replace(/\s/g, '')).toBe(prettyJson(src).lines.join('').replace(/\s/g, ''));
    expect(Array.from(f.cont)).toEqual([0, 0, 1, 1, 0, 0]);
    expect(lineOfChar(f, src.indexOf('"n"'))).toBe(4);
    expect(lineOfChar(f, src.indexOf('zzz') + CHUNK + 5)).toBe(1);
  });

  it('yields between slices and stops when aborted', async () => {
    const big = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ i })));
    const ac = new AbortController();
    const p = buildFoldLines(big, { sliceMs: 0, signal: ac.signal });
    ac.abort();
    await expect(p).rejects.toThrow(/aborted/);
    const f = await buildFoldLines(big, { sliceMs: 0 });
    expect(f.lines.length).toBe(prettyJson(big).lines.length);
  });
});

describe('where a byte match shows in a structured view', () => {
  it('JSON: the line holding the match', async () => {
    const f = await buildFoldLines(SRC, { sliceMs: Infinity });
    expect(f.lines[jsonMatchLine(f, SRC.indexOf('q\\"uote'), 'q\\"uote')]).toContain('"s"');
  });

  it('SSE: the line of the match inside its event', () => {
    const s = 'data: {"delta":{"text":"one"}}\n\nevent: x\ndata: {"delta":{"text":"needle"}}\n\n';
    const v = sseView(s);
    const line = sseMatchLine(v, s.indexOf('needle'), 'needle');
    expect(line).not.toBeNull();
    expect(line!).toBeGreaterThan(v.events[1]!.first);
    expect(v.lines[line!]).toContain('needle');
  });

  it('MessagePack: the line of the value whose bytes hold the match', () => {
    const bytes = encode({ a: 1, list: [true, 'x'], note: 'the needle' });
    const r = msgpackLines(bytes);
    const at = Buffer.from(bytes).indexOf('needle');
    expect(r.lines[msgpackMatchLine(r.lines, r.offsets, at, 'needle')]).toBe('  "note": "the needle"');
    expect(r.offsets.length).toBe(r.lines.length);
  });
});

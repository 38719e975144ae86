/**
 * A JSON body's foldable lines, built after render in slices that yield to the page: the bytes are decoded one
 * window at a time (a streaming decoder), then tokenized in slices, and the build is abandoned when the body or
 * view goes. `byteAt` (a search match) is turned into the source character it is, counted on the way.
 */
import { useEffect, useState } from 'react';
import type { FoldLines } from './json-fold.js';
import { buildFoldLines, yieldToPage } from './json-fold.js';

export interface FoldBuild {
  readonly f: FoldLines;
  /** The character offset of `byteAt` in the decoded text, or null without one. */
  readonly charAt: number | null;
}

/** UTF-16 code units of `b`'s characters: every byte but a continuation byte starts one; four-byte ones take two. */
function units(b: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < b.length; i++) {
    const x = b[i]!;
    if ((x & 0xc0) !== 0x80) n += x >= 0xf0 ? 2 : 1;
  }
  return n;
}

export function useFoldLines(chunks: readonly Uint8Array[] | null, cap: number, byteAt: number | null): FoldBuild | null {
  const [built, setBuilt] = useState<{ chunks: readonly Uint8Array[]; b: FoldBuild } | null>(null);
  useEffect(() => {
    if (chunks === null) return;
    const ac = new AbortController();
    void (async () => {
      const dec = new TextDecoder('utf-8', { fatal: false });
      const parts: string[] = [];
      let seen = 0;
      let charAt: number | null = null;
      let before = 0;
      for (const c of chunks) {
        if (seen >= cap) break;
        const piece = c.subarray(0, cap - seen);
        if (byteAt !== null && charAt === null) {
          if (byteAt < seen + piece.length) charAt = before + units(piece.subarray(0, byteAt - seen));
          else before += units(piece);
        }
        parts.push(dec.decode(piece, { stream: true }));
        seen += piece.length;
        await yieldToPage();
        if (ac.signal.aborted) return;
      }
      parts.push(dec.decode());
      const f = await buildFoldLines(parts.join(''), { signal: ac.signal });
      if (!ac.signal.aborted) setBuilt({ chunks, b: { f, charAt } });
    })().catch(() => undefined);
    return () => ac.abort();
  }, [chunks, cap, byteAt]);
  return built && built.chunks === chunks ? built.b : null;
}

/**
 * The lines of the views built at once from the loaded bytes (SSE, MessagePack, and JSON with the strings holding
 * JSON opened), cut at their cap, with the line a search match falls on where the view can tell.
 */
import type { ByteSpan } from '../router.js';
import { expandJsonStrings } from './json-strings.js';
import { prettyJson } from './json-pretty.js';
import { msgpackMatchLine, sseMatchLine } from './match-line.js';
import { msgpackLines } from './msgpack-lines.js';
import { sseView } from './sse.js';
import { JSON_CAP, STRUCTURED_CAP } from './use-body-bytes.js';

const utf8 = new TextDecoder('utf-8', { fatal: false });

export interface StructuredLines {
  readonly lines: string[];
  readonly problem: string | null;
  /** The line holding the search match; null when there is none or the view cannot place it. */
  readonly matchLine: number | null;
  /** The match's first 200 bytes as text, to mark it. */
  readonly needle: string | null;
}

/** `all`: the body's loaded bytes (at least its cap, or all of it). */
export function structuredLines(shown: 'sse' | 'msgpack' | 'json', all: Uint8Array, highlight: ByteSpan | undefined): StructuredLines {
  const cut = all.subarray(0, shown === 'json' ? JSON_CAP : STRUCTURED_CAP);
  const needle = highlight ? utf8.decode(all.subarray(highlight.offset, highlight.offset + Math.min(highlight.length, 200))) : null;
  const charAt = highlight ? utf8.decode(cut.subarray(0, highlight.offset)).length : 0;
  if (shown === 'sse') {
    const v = sseView(utf8.decode(cut));
    return { lines: v.lines, problem: null, matchLine: highlight ? sseMatchLine(v, charAt, needle) : null, needle };
  }
  if (shown === 'msgpack') {
    const r = msgpackLines(cut);
    return { ...r, matchLine: highlight ? msgpackMatchLine(r.lines, r.offsets, highlight.offset, needle) : null, needle };
  }
  const r = prettyJson(utf8.decode(cut));
  return { lines: expandJsonStrings(r.lines).lines, problem: r.problem, matchLine: null, needle };
}

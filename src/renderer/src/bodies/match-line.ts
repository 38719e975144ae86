/**
 * Where a search match (a byte span of the raw body) shows in a structured view's lines: JSON by the source
 * character each line starts at, SSE by the event whose lines hold it, MessagePack by the byte offset each line's
 * value starts at. The line found is then refined to the first following line holding the matched text, if any.
 */
import type { FoldLines } from './json-fold.js';
import { lineOfChar } from './json-fold.js';
import type { SseView } from './sse.js';

/** The last index whose offset is at or before `at` (offsets ascending); 0 when none is. */
export function lastAtOrBefore(offsets: ArrayLike<number>, at: number): number {
  let lo = 0;
  let hi = offsets.length - 1;
  let best = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid]! <= at) {
      best = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best;
}

/** From `line`, the first of the next `span` lines containing `needle`; `line` itself when none does. */
export function refine(lines: readonly string[], line: number, needle: string | null, span: number): number {
  if (!needle) return line;
  for (let i = line; i < Math.min(lines.length, line + span); i++) if (lines[i]!.includes(needle)) return i;
  return line;
}

export function jsonMatchLine(f: FoldLines, charAt: number, needle: string | null): number {
  const first = lineOfChar(f, charAt);
  let span = 1;
  while (first + span < f.lines.length && f.cont[first + span]) span++;
  return refine(f.lines, first, needle, span + 1);
}

export function sseMatchLine(v: SseView, charAt: number, needle: string | null): number | null {
  const e = v.events.find((x) => charAt >= x.start && charAt <= x.end);
  if (!e) return null;
  return refine(v.lines, e.first, needle, e.last - e.first + 1);
}

export function msgpackMatchLine(lines: readonly string[], offsets: readonly number[], byteAt: number, needle: string | null): number {
  const first = lastAtOrBefore(offsets, byteAt);
  return refine(lines, first, needle, 2);
}

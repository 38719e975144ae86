/**
 * A text/event-stream body as display lines: the streamed text put back together (src/shared/event-stream.ts,
 * shared with the transcript), then the events as the server sent them, data pretty-printed losslessly when it is
 * JSON. Each event's first line is remembered so a byte match inside the stream can be shown in its event.
 */
import { parseSse, reassemble } from '../../../shared/event-stream.js';
import { prettyJson } from './json-pretty.js';

export interface SseView {
  readonly lines: string[];
  /** Per event, in order: its character range in the stream and the display lines it occupies [first, last]. */
  readonly events: ReadonlyArray<{ readonly start: number; readonly end: number; readonly first: number; readonly last: number }>;
}

export function sseView(text: string): SseView {
  const events = parseSse(text);
  const { text: joined, thinking } = reassemble(events, { toolInput: true });
  const lines: string[] = [`${events.length} events`];
  if (thinking) lines.push('', '── reassembled reasoning ──', ...thinking.split('\n'));
  lines.push('', '── reassembled text ──', ...(joined ? joined.split('\n') : ['(no text deltas found)']));
  const spans: Array<SseView['events'][number]> = [];
  for (const e of events) {
    lines.push('');
    const first = lines.length;
    lines.push(`── #${e.index} ${e.event}${e.id ? ` id=${e.id}` : ''} ──`);
    const pretty = prettyJson(e.data);
    lines.push(...(pretty.problem === null ? pretty.lines : e.data.split('\n')));
    spans.push({ start: e.start, end: e.end, first, last: lines.length - 1 });
  }
  return { lines, events: spans };
}

export function sseLines(text: string): string[] {
  return sseView(text).lines;
}

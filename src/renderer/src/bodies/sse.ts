/**
 * A text/event-stream body reassembled: the events as the server sent them (data pretty-printed losslessly when
 * it is JSON), and the streamed text put back together from the providers' delta shapes (Anthropic, OpenAI,
 * Google). JSON.parse is used only to read those few fields; nothing parsed is merged into app objects.
 */
import { prettyJson } from './json-pretty.js';

export interface SseEvent {
  readonly index: number;
  readonly event: string;
  readonly id: string | null;
  readonly data: string;
}

export function parseSse(text: string): SseEvent[] {
  const out: SseEvent[] = [];
  let event = '';
  let id: string | null = null;
  let data: string[] = [];
  const dispatch = (): void => {
    if (data.length || event) out.push({ index: out.length + 1, event: event || 'message', id, data: data.join('\n') });
    // Shown as each event carried it (a browser would keep the last id; a reviewer wants what was sent).
    event = '';
    id = null;
    data = [];
  };
  for (const raw of text.split(/\r\n|\r|\n/)) {
    if (raw === '') {
      dispatch();
      continue;
    }
    if (raw.startsWith(':')) continue;
    const colon = raw.indexOf(':');
    const field = colon < 0 ? raw : raw.slice(0, colon);
    let value = colon < 0 ? '' : raw.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
  }
  dispatch();
  return out;
}

function get(o: unknown, ...path: (string | number)[]): unknown {
  let v: unknown = o;
  for (const p of path) {
    if (v === null || typeof v !== 'object' || !Object.prototype.hasOwnProperty.call(v, p)) return undefined;
    v = (v as Record<string | number, unknown>)[p];
  }
  return v;
}

/** The text (and reasoning) a stream carried, from the known delta shapes. */
export function reassemble(events: readonly SseEvent[]): { text: string; thinking: string } {
  let text = '';
  let thinking = '';
  for (const e of events) {
    let j: unknown;
    try {
      j = JSON.parse(e.data);
    } catch {
      continue;
    }
    const t = [
      get(j, 'delta', 'text'),
      get(j, 'choices', 0, 'delta', 'content'),
      get(j, 'candidates', 0, 'content', 'parts', 0, 'text'),
      get(j, 'delta', 'partial_json'),
    ];
    for (const v of t) if (typeof v === 'string') text += v;
    const th = get(j, 'delta', 'thinking') ?? get(j, 'choices', 0, 'delta', 'reasoning_content');
    if (typeof th === 'string') thinking += th;
  }
  return { text, thinking };
}

export function sseLines(text: string): string[] {
  const events = parseSse(text);
  const { text: joined, thinking } = reassemble(events);
  const lines: string[] = [`${events.length} events`];
  if (thinking) lines.push('', '── reassembled reasoning ──', ...thinking.split('\n'));
  lines.push('', '── reassembled text ──', ...(joined ? joined.split('\n') : ['(no text deltas found)']));
  for (const e of events) {
    lines.push('', `── #${e.index} ${e.event}${e.id ? ` id=${e.id}` : ''} ──`);
    const pretty = prettyJson(e.data);
    lines.push(...(pretty.problem === null ? pretty.lines : e.data.split('\n')));
  }
  return lines;
}

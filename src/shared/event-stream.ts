/**
 * A text/event-stream body parsed into its events, and the text a model streamed put back together from the
 * providers' delta shapes (Anthropic, OpenAI, Google). Shared by the transcript core and the body viewer, so a new
 * provider shape is taught in one place. Pure: no DOM, no Node. JSON.parse only reads the few fields named here;
 * nothing parsed is merged into app objects.
 */

export interface SseEvent {
  readonly index: number;
  readonly event: string;
  readonly id: string | null;
  readonly data: string;
  /** Character range of the event's lines in the parsed text (where a byte match inside it is shown). */
  readonly start: number;
  readonly end: number;
}

/** The events of a stream as the server sent them (each event's own id; a browser would carry the last one on). */
export function parseSse(text: string): SseEvent[] {
  const out: SseEvent[] = [];
  let event = '';
  let id: string | null = null;
  let data: string[] = [];
  let start = -1;
  const dispatch = (end: number): void => {
    if (data.length || event) out.push({ index: out.length + 1, event: event || 'message', id, data: data.join('\n'), start, end });
    event = '';
    id = null;
    data = [];
    start = -1;
  };
  const eol = /\r\n|\r|\n/g;
  let at = 0;
  while (at <= text.length) {
    eol.lastIndex = at;
    const m = eol.exec(text);
    const lineEnd = m ? m.index : text.length;
    const raw = text.slice(at, lineEnd);
    const next = m ? lineEnd + m[0].length : text.length + 1;
    if (raw === '') dispatch(lineEnd);
    else if (!raw.startsWith(':')) {
      if (start < 0) start = at;
      const colon = raw.indexOf(':');
      const field = colon < 0 ? raw : raw.slice(0, colon);
      let value = colon < 0 ? '' : raw.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') id = value;
    }
    at = next;
  }
  dispatch(text.length);
  return out;
}

/** `o[path[0]][path[1]]…`, through own properties only (never the prototype), or undefined. */
export function get(o: unknown, ...path: (string | number)[]): unknown {
  let v: unknown = o;
  for (const p of path) {
    if (v === null || typeof v !== 'object' || !Object.prototype.hasOwnProperty.call(v, p)) return undefined;
    v = (v as Record<string | number, unknown>)[p];
  }
  return v;
}

/** JSON.parse, or undefined for text that is not JSON. */
export function parseJson(s: string): unknown {
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return undefined;
  }
}

export interface StreamedText {
  readonly text: string;
  readonly thinking: string;
}

/**
 * The text and reasoning a stream carried. `toolInput`: also join Anthropic's `partial_json` deltas (a tool call's
 * input) into the text, in stream order, as the body viewer shows them; the transcript keeps tool input apart.
 */
export function reassemble(events: readonly SseEvent[], opts: { toolInput?: boolean } = {}): StreamedText {
  let text = '';
  let thinking = '';
  for (const e of events) {
    const j = parseJson(e.data);
    if (j === undefined) continue;
    const pieces = [
      get(j, 'delta', 'text'),
      get(j, 'choices', 0, 'delta', 'content'),
      get(j, 'candidates', 0, 'content', 'parts', 0, 'text'),
      opts.toolInput ? get(j, 'delta', 'partial_json') : undefined,
    ];
    for (const v of pieces) if (typeof v === 'string') text += v;
    for (const v of [get(j, 'delta', 'thinking'), get(j, 'choices', 0, 'delta', 'reasoning_content')])
      if (typeof v === 'string') thinking += v;
  }
  return { text, thinking };
}

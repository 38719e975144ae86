// The text and reasoning a model response body carried, read from the providers' shapes (Anthropic, OpenAI,
// Google), whole JSON or a text/event-stream reassembled from its deltas. JSON.parse reads only these fields;
// nothing parsed is merged into our objects. An unknown shape gives empty strings (the caller keeps the column).

export interface ResponseText {
  readonly text: string;
  readonly thinking: string;
}

function get(o: unknown, ...path: (string | number)[]): unknown {
  let v: unknown = o;
  for (const p of path) {
    if (v === null || typeof v !== 'object' || !Object.prototype.hasOwnProperty.call(v, p)) return undefined;
    v = (v as Record<string | number, unknown>)[p];
  }
  return v;
}

const parse = (s: string): unknown => {
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return undefined;
  }
};

/** The `data:` payloads of an event stream, one string per event. */
export function sseData(body: string): string[] {
  const out: string[] = [];
  let data: string[] = [];
  for (const line of body.split(/\r\n|\r|\n/)) {
    if (line === '') {
      if (data.length) out.push(data.join('\n'));
      data = [];
    } else if (line.startsWith('data:')) data.push(line.slice(line[5] === ' ' ? 6 : 5));
  }
  if (data.length) out.push(data.join('\n'));
  return out;
}

function fromStream(body: string): ResponseText {
  let text = '';
  let thinking = '';
  for (const d of sseData(body)) {
    const j = parse(d);
    if (j === undefined) continue;
    for (const v of [
      get(j, 'delta', 'text'),
      get(j, 'choices', 0, 'delta', 'content'),
      get(j, 'candidates', 0, 'content', 'parts', 0, 'text'),
    ]) {
      if (typeof v === 'string') text += v;
    }
    for (const v of [get(j, 'delta', 'thinking'), get(j, 'choices', 0, 'delta', 'reasoning_content')])
      if (typeof v === 'string') thinking += v;
  }
  return { text, thinking };
}

function fromWhole(j: unknown): ResponseText {
  let text = '';
  let thinking = '';
  const blocks = get(j, 'content');
  if (Array.isArray(blocks)) {
    for (const b of blocks) {
      if (get(b, 'type') === 'text' && typeof get(b, 'text') === 'string') text += get(b, 'text') as string;
      if (get(b, 'type') === 'thinking' && typeof get(b, 'thinking') === 'string') thinking += get(b, 'thinking') as string;
    }
  }
  const msg = get(j, 'choices', 0, 'message', 'content');
  if (typeof msg === 'string') text += msg;
  const reasoning = get(j, 'choices', 0, 'message', 'reasoning_content');
  if (typeof reasoning === 'string') thinking += reasoning;
  const parts = get(j, 'candidates', 0, 'content', 'parts');
  if (Array.isArray(parts)) for (const p of parts) if (typeof get(p, 'text') === 'string') text += get(p, 'text') as string;
  return { text, thinking };
}

export function responseText(body: string): ResponseText {
  const trimmed = body.trimStart();
  if (trimmed.startsWith('{')) {
    const j = parse(trimmed);
    if (j !== undefined) return fromWhole(j);
  }
  return fromStream(body);
}

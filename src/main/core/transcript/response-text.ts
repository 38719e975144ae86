// The text and reasoning a model response body carried, read from the providers' shapes (Anthropic, OpenAI,
// Google), whole JSON or a text/event-stream reassembled from its deltas. JSON.parse reads only these fields;
// nothing parsed is merged into our objects. An unknown shape gives empty strings (the caller keeps the column).
// The stream parser, the field walker and the delta shapes are shared with the body viewer (src/shared).
import { get, parseJson as parse, parseSse, reassemble } from '../../../shared/event-stream.js';

export interface ResponseText {
  readonly text: string;
  readonly thinking: string;
}

/** The text and reasoning of an event stream, from its deltas (tool input kept out of the text). */
function fromStream(body: string): ResponseText {
  return reassemble(parseSse(body));
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

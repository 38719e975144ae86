import { describe, expect, it } from 'vitest';
import { get, parseSse, reassemble } from '../../src/shared/event-stream.js';
import { responseText } from '../../src/main/core/transcript/response-text.js';
import { sseView } from '../../src/renderer/src/bodies/sse.js';

describe('event-stream parsing', () => {
  it('parses events with their own ids and the character range of their lines', () => {
    const s =
      'event: a\ndata: {"delta":{"text":"Hel"}}\n\n: comment\ndata: {"choices":[{"delta":{"content":"lo"}}]}\nid: 7\n\ndata: not json\n\n';
    const events = parseSse(s);
    expect(events.map((e) => [e.event, e.id])).toEqual([
      ['a', null],
      ['message', '7'],
      ['message', null],
    ]);
    expect(events.map((e) => s.slice(e.start, e.end))).toEqual([
      'event: a\ndata: {"delta":{"text":"Hel"}}\n',
      'data: {"choices":[{"delta":{"content":"lo"}}]}\nid: 7\n',
      'data: not json\n',
    ]);
    expect(reassemble(events).text).toBe('Hello');
  });

  it('splits on CRLF, CR and LF alike and keeps a last event without a blank line', () => {
    const events = parseSse('data: 1\r\n\r\ndata: 2\r\rdata: 3');
    expect(events.map((e) => e.data)).toEqual(['1', '2', '3']);
  });

  it('joins Anthropic, OpenAI and Google deltas, reasoning apart, tool input only when asked', () => {
    const s = [
      '{"delta":{"thinking":"hm"}}',
      '{"delta":{"text":"A"}}',
      '{"delta":{"partial_json":"{\\"x\\":"}}',
      '{"choices":[{"delta":{"content":"B","reasoning_content":"r"}}]}',
      '{"candidates":[{"content":{"parts":[{"text":"C"}]}}]}',
    ]
      .map((d) => `data: ${d}\n\n`)
      .join('');
    const events = parseSse(s);
    expect(reassemble(events)).toEqual({ text: 'ABC', thinking: 'hmr' });
    expect(reassemble(events, { toolInput: true }).text).toBe('A{"x":BC');
  });

  it('walks own properties only, never the prototype', () => {
    expect(get({ a: [{ b: 1 }] }, 'a', 0, 'b')).toBe(1);
    expect(get({}, 'constructor')).toBeUndefined();
    expect(get({ a: 'str' }, 'a', 'length')).toBeUndefined();
  });
});

describe('both callers read the same stream the same way', () => {
  it('the transcript text equals the body viewer’s reassembled text when the stream has no tool input', () => {
    const s = 'data: {"delta":{"text":"one "}}\n\ndata: {"delta":{"text":"two"}}\n\n';
    expect(responseText(s).text).toBe('one two');
    const v = sseView(s);
    expect(v.lines.slice(v.lines.indexOf('── reassembled text ──') + 1)[0]).toBe('one two');
    expect(v.events.map((e) => v.lines[e.first])).toEqual(['── #1 message ──', '── #2 message ──']);
  });
});

// A request item's text as a person reads it: the content of its message envelopes, never the JSON around it;
// a cut envelope gives what was kept and says it is cut; anything that is not envelopes is shown as stored.
import { describe, expect, it } from 'vitest';
import { messageText } from '../../../../../src/main/core/transcript/lines/message-text.js';

describe('messageText', () => {
  it('shows the content of numbered envelopes, strings and text parts alike', () => {
    const raw =
      '[1] {"role": "user", "content": "Fix the failing test"}\n[2] {"role": "user", "content": [{"type": "text", "text": "in src/app.ts"}, {"type": "tool_result", "content": "ok"}]}';
    expect(messageText(raw)).toEqual({ text: 'Fix the failing test\n\nin src/app.ts\n[tool result] ok', fromEnvelope: true, cut: false });
    expect(messageText('{"role":"user","content":"é \\"quoted\\""}')).toEqual({ text: 'é "quoted"', fromEnvelope: true, cut: false });
  });

  it('gives the kept part of a cut envelope and says it is cut', () => {
    expect(messageText('[1] {"role": "user", "content": "Refactor the ledger wri')).toEqual({
      text: 'Refactor the ledger wri',
      fromEnvelope: true,
      cut: true,
    });
  });

  it('leaves text that is not envelopes as it is stored', () => {
    for (const raw of ['plain words', '[1] not json', '{"role": "user"}', '[1] {"a": 1}\nand then prose', '{"content": 42}'])
      expect(messageText(raw)).toEqual({ text: raw, fromEnvelope: false, cut: false });
  });
});

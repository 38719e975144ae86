// The text a person reads in a request item: Capsem may keep the user's message in its JSON envelope, one per
// line as `[1] {"role": "user", "content": "…"}` (the spec does not pin the format). Where the item parses as such
// envelopes, their content is shown (strings, and the text parts of a content list); anything else is shown as it is
// stored. A cut envelope (the item's cap fell inside it) yields the content read so far, said to be cut.

/** A message's content as text: a string, or the text of each part of a content list. */
function contentText(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return null;
  const parts = content.map((p: unknown) => {
    if (typeof p === 'string') return p;
    if (p && typeof p === 'object') {
      const o = p as Record<string, unknown>;
      if (typeof o.text === 'string') return o.text;
      if (o.type === 'tool_result') return `[tool result] ${contentText(o.content) ?? ''}`.trimEnd();
    }
    return null;
  });
  return parts.every((x) => x === null) ? null : parts.filter((x): x is string => x !== null).join('\n');
}

/** The content of a cut envelope, as far as it goes: the JSON string after `"content": "`, unescaped. */
function cutContent(json: string): string | null {
  const m = /"content"\s*:\s*"((?:[^"\\]|\\.)*)(\\?)$/.exec(json);
  if (!m) return null;
  try {
    return JSON.parse(`"${m[1]}"`) as string;
  } catch {
    return null;
  }
}

export interface MessageText {
  readonly text: string;
  /** The text was taken out of message envelopes (so it is not the item's bytes as stored). */
  readonly fromEnvelope: boolean;
  /** An envelope ended before its content did: the text is the part that was kept. */
  readonly cut: boolean;
}

export function messageText(raw: string): MessageText {
  const segments = raw.split(/\n(?=\[\d+\]\s*\{)/);
  const envelopes = segments.map((seg) => /^\[\d+\]\s*(\{[\s\S]*)$/.exec(seg.trim())?.[1] ?? (/^\{/.test(seg.trim()) ? seg.trim() : null));
  if (envelopes.some((e) => e === null)) return { text: raw, fromEnvelope: false, cut: false };
  const texts: string[] = [];
  let cut = false;
  for (const [i, json] of (envelopes as string[]).entries()) {
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      // Only the last envelope may be cut by the item's cap; one broken elsewhere is not an envelope list.
      const partial = i === envelopes.length - 1 ? cutContent(json) : null;
      if (partial === null) return { text: raw, fromEnvelope: false, cut: false };
      texts.push(partial);
      cut = true;
      continue;
    }
    const text = value && typeof value === 'object' ? contentText((value as Record<string, unknown>).content) : null;
    if (text === null) return { text: raw, fromEnvelope: false, cut: false };
    texts.push(text);
  }
  return { text: texts.join('\n\n'), fromEnvelope: true, cut };
}

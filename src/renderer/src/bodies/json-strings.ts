/**
 * A JSON document held inside a JSON string (a tool result, a provider's `parts[].text`), opened as JSON on
 * request: a pretty-printed line whose value is one string that itself pretty-prints as an object or array without
 * a problem is replaced by that document, indented under it and marked. One level deep; the string is decoded with
 * JSON.parse of the string literal alone (which yields a string, never an object), then printed by prettyJson.
 */
import { prettyJson } from './json-pretty.js';

const STRING_LINE = /^(\s*(?:⟨depth \d+⟩ )?)("(?:[^"\\]|\\.)*": )?("(?:[^"\\]|\\.)*")(,?)$/;
/** Strings longer than this stay as they are (the find box still searches them). */
const MAX_INNER = 1 << 20;

export function expandJsonStrings(lines: readonly string[]): { lines: string[]; expanded: number } {
  const out: string[] = [];
  let expanded = 0;
  for (const line of lines) {
    const m = line.length <= MAX_INNER * 2 ? STRING_LINE.exec(line) : null;
    if (!m) {
      out.push(line);
      continue;
    }
    let inner: unknown;
    try {
      inner = JSON.parse(m[3]!);
    } catch {
      inner = null;
    }
    if (typeof inner !== 'string' || inner.length > MAX_INNER || !/^\s*[[{]/.test(inner)) {
      out.push(line);
      continue;
    }
    const doc = prettyJson(inner);
    if (doc.problem !== null) {
      out.push(line);
      continue;
    }
    const indent = m[1]!;
    expanded++;
    out.push(`${indent}${m[2] ?? ''}⟪a string holding JSON, opened:⟫`);
    doc.lines.forEach((l, i) => out.push(`${indent}  ${l}${i === doc.lines.length - 1 ? m[4]! : ''}`));
  }
  return { lines: out, expanded };
}

/** Rows whose text contains `query` (case-insensitive), by index. */
export function findRows(texts: readonly string[], query: string): number[] {
  const q = query.toLowerCase();
  if (!q) return [];
  const hits: number[] = [];
  texts.forEach((t, i) => {
    if (t.toLowerCase().includes(q)) hits.push(i);
  });
  return hits;
}

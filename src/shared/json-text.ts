/**
 * JSON text that is safe to print: JSON.stringify escapes C0 controls but leaves C1 controls, bidi overrides,
 * zero-width characters and line separators raw, and a terminal acts on them (a ledger string could reorder or
 * hide what a reviewer reads). Each is written as its \u escape, which JSON parsers read back as the same value.
 */
const UNSAFE = /[\u0080-\u009f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2069\ufeff]/g;

export function jsonText(value: unknown, indent?: number, replacer?: (key: string, value: unknown) => unknown): string {
  return JSON.stringify(value, replacer, indent).replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

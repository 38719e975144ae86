// Terminal styling for the text report: ANSI colour only when asked (a TTY), and every ledger string made
// printable first, since ledger text is attacker-chosen and must not move the cursor or recolour the terminal.
export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  yellow(s: string): string;
  green(s: string): string;
  cyan(s: string): string;
}

const wrap = (code: string) => (s: string): string => `\u001b[${code}m${s}\u001b[0m`;
const same = (s: string): string => s;

export function styleFor(colour: boolean): Style {
  return colour
    ? { bold: wrap('1'), dim: wrap('2'), red: wrap('31'), yellow: wrap('33'), green: wrap('32'), cyan: wrap('36') }
    : { bold: same, dim: same, red: same, yellow: same, green: same, cyan: same };
}

/** Control and bidi characters shown as \uXXXX escapes. */
export function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The doctor's table: left-aligned columns two spaces apart, a bold header, a dim rule of dashes, dim rows;
 * `(empty)` without rows. Numbers align right. Widths are measured before colouring.
 */
export function textTable(style: Style, headers: readonly string[], rows: readonly (readonly (string | number | null)[])[], indent = '  '): string {
  if (rows.length === 0) return `${indent}(empty)\n`;
  const cells = rows.map((r) => r.map((v) => (v === null ? '' : printable(String(v)))));
  const numeric = headers.map((_, i) => rows.every((r) => r[i] === null || typeof r[i] === 'number'));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => (r[i] ?? '').length)));
  const pad = (s: string, i: number): string => (numeric[i] ? s.padStart(widths[i] ?? 0) : s.padEnd(widths[i] ?? 0));
  const line = (r: readonly string[]): string => r.map(pad).join('  ').trimEnd();
  return [
    indent + style.bold(line(headers)),
    indent + style.dim(widths.map((w) => '-'.repeat(w)).join('  ')),
    ...cells.map((r) => indent + style.dim(line(r))),
  ].join('\n') + '\n';
}

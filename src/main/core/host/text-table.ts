/**
 * Aligned plain-text tables for the CLI (pure string work, no terminal access). Numbers align right.
 * Colour is an optional per-cell wrapper the caller applies only when its output is a terminal;
 * widths are measured before colouring so escape codes never shift columns.
 */
export type Align = 'left' | 'right';

export interface TableColumn {
  readonly header: string;
  readonly align?: Align;
}

export type Paint = (text: string, row: number, column: number) => string;

export function formatTable(columns: readonly TableColumn[], rows: readonly (readonly string[])[], paint?: Paint): string {
  const widths = columns.map((c, i) => Math.max(c.header.length, ...rows.map((r) => (r[i] ?? '').length)));
  const pad = (text: string, i: number) => {
    const w = widths[i] ?? 0;
    return columns[i]?.align === 'right' ? text.padStart(w) : text.padEnd(w);
  };
  const line = (cells: readonly string[], row: number) =>
    cells
      .map((cell, i) => {
        const padded = pad(cell, i);
        return paint && row >= 0 ? paint(padded, row, i) : padded;
      })
      .join('  ')
      .trimEnd();
  const header = line(columns.map((c) => c.header), -1);
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [header, rule, ...rows.map((r, i) => line(r, i))].join('\n') + '\n';
}

/** Strips control characters so text from a ledger cannot move the cursor or recolour the terminal. */
export function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

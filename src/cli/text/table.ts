/**
 * Aligned plain-text tables (pure string work, no terminal access): columns two spaces apart, a rule of dashes
 * under the header, trailing blanks trimmed. Colour is applied by the caller's wrappers only when its output is a
 * terminal; widths are measured before colouring so escape codes never shift columns.
 */
import type { Style } from './style.js';
import { printable } from './style.js';
import { readableNumber } from '../../shared/readable-number.js';

export type Align = 'left' | 'right';

export interface TableColumn {
  readonly header: string;
  readonly align?: Align;
}

/** Colours one padded body cell (`row` counts from 0 below the rule). */
export type Paint = (text: string, row: number, column: number) => string;

export interface TableLook {
  /** Put before every line, outside any colour. */
  readonly indent?: string;
  readonly paint?: Paint;
  /** Wrappers for whole lines: the header, the rule of dashes, each body row. */
  readonly header?: (line: string) => string;
  readonly rule?: (line: string) => string;
  readonly row?: (line: string) => string;
}

const same = (s: string): string => s;

export function formatTable(columns: readonly TableColumn[], rows: readonly (readonly string[])[], look: TableLook = {}): string {
  const { indent = '', paint, header = same, rule = same, row = same } = look;
  const widths = columns.map((c, i) => Math.max(c.header.length, ...rows.map((r) => (r[i] ?? '').length)));
  const pad = (text: string, i: number): string =>
    columns[i]?.align === 'right' ? text.padStart(widths[i] ?? 0) : text.padEnd(widths[i] ?? 0);
  const line = (cells: readonly string[], r: number): string =>
    cells
      .map((cell, i) => (paint && r >= 0 ? paint(pad(cell, i), r, i) : pad(cell, i)))
      .join('  ')
      .trimEnd();
  return (
    [
      indent +
        header(
          line(
            columns.map((c) => c.header),
            -1,
          ),
        ),
      indent + rule(widths.map((w) => '-'.repeat(w)).join('  ')),
      ...rows.map((r, i) => indent + row(line(r, i))),
    ].join('\n') + '\n'
  );
}

/**
 * The session doctor's table, for the check report: indented, a bold header, a dim rule and dim rows, `(empty)`
 * without rows. Every cell is made printable; a column of numbers (or NULLs) aligns right.
 */
export function reportTable(
  style: Style,
  headers: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
  indent = '  ',
): string {
  if (rows.length === 0) return `${indent}(empty)\n`;
  const columns = headers.map((header, i) => ({
    header,
    align: rows.every((r) => r[i] === null || typeof r[i] === 'number') ? ('right' as const) : ('left' as const),
  }));
  const cells = rows.map((r) => r.map((v) => (v === null ? '' : typeof v === 'number' ? readableNumber(v) : printable(String(v)))));
  return formatTable(columns, cells, { indent, header: style.bold, rule: style.dim, row: style.dim });
}

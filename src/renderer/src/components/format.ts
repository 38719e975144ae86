/** Cell display: exact values, timestamps in UTC (as stored) or local time, blobs summarised. */
import type { Cell, ColumnInfo } from '../../../shared/contract.js';
import { groupDigits } from '../../../shared/group-digits.js';
import { readableNumber } from '../../../shared/readable-number.js';
import { visibleText } from './visible-text.js';

export type TimeMode = 'utc' | 'local';

function pad(n: number, w = 2): string {
  return String(n).padStart(w, '0');
}

/** Local time keeping the stored fractional digits (a Date would cut microseconds). */
function localOf(iso: string): string {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d+)?Z$/.exec(iso);
  if (!m) return iso;
  const d = new Date(`${m[1]}Z`);
  if (Number.isNaN(d.getTime())) return iso;
  const off = -d.getTimezoneOffset();
  const sign = off >= 0 ? '+' : '-';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}${m[2] ?? ''} ${sign}${pad(Math.floor(Math.abs(off) / 60))}:${pad(Math.abs(off) % 60)}`;
}

export function cellText(c: Cell): string {
  if (c === null) return '';
  if (typeof c === 'number' || typeof c === 'string') return String(c);
  if ('int' in c) return c.int;
  return `⟨blob ${countLabel(c.blob.size)} B⟩ ${c.blob.hexHead}${c.blob.size > c.blob.hexHead.length / 2 ? '…' : ''}`;
}

/**
 * A cell as the grids and row fields show it: a float as people read it (0.0047894999999999995 → 0.0047895, the
 * stored double's binary noise dropped), integers and text exact. The cell bars show `exactCell` instead.
 */
export function formatCell(c: Cell, kind: ColumnInfo['kind'] | undefined, time: TimeMode): string {
  if (typeof c === 'number' && !Number.isInteger(c)) return readableNumber(c);
  return exactCell(c, kind, time);
}

/** A cell with every digit SQLite stored (the selected cell's bar and its copy: what a reviewer quotes). */
export function exactCell(c: Cell, kind: ColumnInfo['kind'] | undefined, time: TimeMode): string {
  if (c === null) return '';
  if (kind === 'timestamp' && typeof c === 'string') return time === 'local' ? localOf(c) : c;
  if (kind === 'unix_ms' && typeof c === 'number' && Math.abs(c) < 8.64e15) {
    const iso = new Date(c).toISOString();
    return `${time === 'local' ? localOf(iso) : iso}`;
  }
  return cellText(c);
}

/** One-line preview: long values and newlines would wreck a grid row. */
export function oneLine(s: string, max = 300): string {
  const flat = s.length > max ? `${s.slice(0, max)}…` : s;
  return visibleText(flat.replace(/[\r\n\t]/g, (ch) => (ch === '\t' ? '⇥' : '↵')));
}

/**
 * A number with thousands separators: 1325827 → "1,325,827", 12.5 → "12.5" (at most three decimals, as
 * toLocaleString gives). Written out rather than toLocaleString(): the first Intl call in a fresh renderer loads ICU's
 * number data, 38–52 ms measured in this Chromium, and every first view paid it; the CLI prints counts the same way.
 */
export function countLabel(n: number): string {
  if (!Number.isFinite(n) || Math.abs(n) >= 1e21) return String(n);
  const [whole = '', fraction] = (Number.isInteger(n) ? String(n) : String(Math.round(n * 1000) / 1000)).split('.');
  const grouped = groupDigits(whole);
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

const COMPACT_UNITS: readonly (readonly [number, string])[] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'k'],
];

/**
 * A chart tick: 20000000 → "20M", 1500 → "1.5k", 950 → "950"; one decimal at most, none when it is 0. An axis of
 * token counts in full digits (20000000, 40000000) is hard to read at a glance. Not Intl's compact notation, for the
 * reason given at countLabel.
 */
export function compactCount(n: number): string {
  if (!Number.isFinite(n) || Math.abs(n) < 1000) return countLabel(n);
  const tenths = (size: number): number => Math.round((n / size) * 10) / 10;
  // The largest unit the value reaches; one that rounds up to 1000 of it (999,960 → 1000k) is told in the next.
  const i = COMPACT_UNITS.findIndex(([size]) => Math.abs(n) >= size);
  const [size, unit] = COMPACT_UNITS[i]!;
  const shown = tenths(size);
  const up = COMPACT_UNITS[i - 1];
  return up && Math.abs(shown) >= 1000 ? `${tenths(up[0])}${up[1]}` : `${shown}${unit}`;
}

/** Fixed decimals with thousands separators: decimalLabel(12345.678, 1) → "12,345.7". Every toFixed in the views goes here. */
export function decimalLabel(n: number, digits: number): string {
  if (!Number.isFinite(n)) return String(n);
  const [whole = '', fraction] = n.toFixed(digits).split('.');
  const grouped = groupDigits(whole);
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** A cost in US dollars, to a hundredth of a cent: "$0.0048", "$1,234.5000"; a cost too small for that says so. */
export function usdLabel(n: number): string {
  if (n > 0 && n < 0.00005) return '<$0.0001';
  return n < 0 ? `-$${decimalLabel(-n, 4)}` : `$${decimalLabel(n, 4)}`;
}

/** A duration in milliseconds: whole ms from 10 ms up, a tenth below (an average of 2.333… ms reads "2.3 ms"). */
export function msLabel(n: number): string {
  return `${Math.abs(n) < 10 && !Number.isInteger(n) ? decimalLabel(n, 1) : countLabel(Math.round(n))} ms`;
}

export function bytesLabel(n: number): string {
  if (n < 1024) return `${countLabel(n)} B`;
  if (n < 1048576) return `${decimalLabel(n / 1024, 1)} KiB`;
  if (n < 1073741824) return `${decimalLabel(n / 1048576, 2)} MiB`;
  return `${decimalLabel(n / 1073741824, 2)} GiB`;
}

/** Display helpers for library numbers: exact decimal text grouped, durations, dollars. */
import { groupDigits } from '../../../../shared/group-digits.js';
import { usdLabel } from '../../components/format.js';

/** "1234567" → "1,234,567", exactly (text, never through a float); other text is returned as it is. */
export function groupedDecimal(d: string | null): string {
  if (d === null) return '—';
  return /^\d+$/.test(d) ? groupDigits(d) : d;
}

export function durationText(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 0) return `−${durationText(-ms)}`;
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  const h = Math.floor(m / 60);
  return `${h}h ${String(m % 60).padStart(2, '0')}m`;
}

export function usdText(usd: number | null): string {
  return usd === null ? '—' : usdLabel(usd);
}

export function sumDecimal(a: string | null, b: string | null): string | null {
  return a === null || b === null ? null : (BigInt(a) + BigInt(b)).toString();
}

/** A compact time for a table cell ("2026-10-03 04:10:00"), in UTC or local time; null → "—". */
export function shortTime(ms: number | null, mode: 'utc' | 'local'): string {
  if (ms === null || !Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return '—';
  const d = new Date(ms);
  const p = (n: number): string => String(n).padStart(2, '0');
  return mode === 'utc'
    ? `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`
    : `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

// --since and --until: the time a hunt is bounded to, both ends inclusive, in milliseconds since the epoch. A bound
// is ISO-8601 with an explicit zone, or a bare date: a date starts its day (UTC) for --since and ends it for
// --until, so "--since 2026-03-02 --until 2026-03-02" is that whole day. Anything else is refused, never guessed.

export interface TimeWindow {
  readonly sinceMs: number | null;
  readonly untilMs: number | null;
}

export const NO_WINDOW: TimeWindow = { sinceMs: null, untilMs: null };

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/i;

function validDay(year: string, month: string, day: string): boolean {
  const m = Number(month);
  const d = Number(day);
  // Day 0 of the next month is the last day of this one.
  return m >= 1 && m <= 12 && d >= 1 && d <= new Date(Date.UTC(Number(year), m, 0)).getUTCDate();
}

/** The bound in milliseconds, or null when `text` is not a date or a zoned date-time. */
export function parseTimeBound(text: string, end: 'since' | 'until'): number | null {
  const date = DATE.exec(text);
  if (date) {
    if (!validDay(date[1]!, date[2]!, date[3]!)) return null;
    const start = Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3]));
    return end === 'since' ? start : start + DAY_MS - 1;
  }
  const t = DATE_TIME.exec(text);
  if (!t || !validDay(t[1]!, t[2]!, t[3]!)) return null;
  if (Number(t[4]) > 23 || Number(t[5]) > 59 || Number(t[6] ?? 0) > 59) return null;
  const zone = t[8]!.toUpperCase();
  if (zone !== 'Z' && (Number(zone.slice(1, 3)) > 23 || Number(zone.slice(4)) > 59)) return null;
  const ms = Date.parse(text.toUpperCase());
  return Number.isNaN(ms) ? null : ms;
}

export function hasWindow(w: TimeWindow): boolean {
  return w.sinceMs !== null || w.untilMs !== null;
}

/** A row is in the window when its time is known and lies between the bounds; with no bounds every row is. */
export function inWindow(w: TimeWindow, ms: number | null): boolean {
  if (!hasWindow(w)) return true;
  if (ms === null) return false;
  return (w.sinceMs === null || ms >= w.sinceMs) && (w.untilMs === null || ms <= w.untilMs);
}

/** False only when a session is known to have stopped before the window or started after it. */
export function spanMeetsWindow(w: TimeWindow, startMs: number | null, stopMs: number | null): boolean {
  if (w.sinceMs !== null && stopMs !== null && stopMs < w.sinceMs) return false;
  if (w.untilMs !== null && startMs !== null && startMs > w.untilMs) return false;
  return true;
}

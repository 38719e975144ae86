// A row's time: RFC 3339 text with a zone (six or nine fractional digits) or milliseconds; anything else unknown.
import { describe, expect, it } from 'vitest';
import { rowTimeMs, timeColumnOf } from '../../../../src/main/core/search/row-time.js';

describe('rowTimeMs and timeColumnOf', () => {
  it('reads text and millisecond times', () => {
    const ms = Date.UTC(2026, 2, 2, 14, 50, 40, 691);
    expect(rowTimeMs('2026-03-02T14:50:40.691712Z')).toBe(ms);
    expect(rowTimeMs('2026-03-02T14:50:40.691712345Z')).toBe(ms);
    expect(rowTimeMs(ms)).toBe(ms);
    expect(rowTimeMs(BigInt(ms))).toBe(ms);
  });

  it('takes a missing or loose time as unknown', () => {
    for (const v of [null, '', 'March 2 2026', '2026-03-02T14:50:40', 1.5e400, 9e18, 2n ** 62n, -9e15]) expect(rowTimeMs(v)).toBeNull();
  });

  it('prefers timestamp, then timestamp_unix_ms', () => {
    expect(timeColumnOf(['id', 'timestamp', 'timestamp_unix_ms'])).toBe('timestamp');
    expect(timeColumnOf(['id', 'timestamp_unix_ms'])).toBe('timestamp_unix_ms');
    expect(timeColumnOf(['id'])).toBeNull();
  });
});

import { describe, expect, test } from 'vitest';
import { warcDateFromDate, warcDateFromLedgerText, warcDateFromUnixMs } from '../../../../src/main/core/warc/warc-date.js';

describe('WARC dates', () => {
  test('ledger text timestamps are truncated to whole seconds, never rounded', () => {
    expect(warcDateFromLedgerText('2026-03-02T14:50:40.999999Z')).toBe('2026-03-02T14:50:40Z');
    expect(warcDateFromLedgerText('2026-03-02T14:50:40.691712123Z')).toBe('2026-03-02T14:50:40Z');
    expect(warcDateFromLedgerText('2026-03-02T14:50:40Z')).toBe('2026-03-02T14:50:40Z');
  });

  test.each([
    ['2026-03-02T14:50:40+00:00'],
    ['2026-03-02T14:50:40'],
    ['2026-03-02 14:50:40Z'],
    ['2026-03-02T14:50:40.Z'],
    ['2026-3-02T14:50:40Z'],
    ['2026-03-02T14:50:40.5z'],
    [''],
    [' 2026-03-02T14:50:40Z'],
  ])('refuses the shape %j', (text) => {
    expect(warcDateFromLedgerText(text)).toBeNull();
  });

  test('refuses non-text values', () => {
    expect(warcDateFromLedgerText(null)).toBeNull();
    expect(warcDateFromLedgerText(1700000000)).toBeNull();
  });

  test('unix milliseconds floor to whole seconds, UTC', () => {
    expect(warcDateFromUnixMs(1772463040999)).toBe('2026-03-02T14:50:40Z');
    expect(warcDateFromUnixMs(0)).toBe('1970-01-01T00:00:00Z');
    expect(warcDateFromUnixMs(1772463040999n)).toBe('2026-03-02T14:50:40Z');
  });

  test('negative, fractional, non-numeric and past-9999 milliseconds are unexportable', () => {
    expect(warcDateFromUnixMs(-1)).toBeNull();
    expect(warcDateFromUnixMs(-1n)).toBeNull();
    expect(warcDateFromUnixMs(1.5)).toBeNull();
    expect(warcDateFromUnixMs('1772463040999')).toBeNull();
    expect(warcDateFromUnixMs(253402300800000)).toBeNull();
    expect(warcDateFromUnixMs(2n ** 63n - 1n)).toBeNull();
  });

  test('the export date is whole seconds', () => {
    expect(warcDateFromDate(new Date('2026-01-02T03:04:05.678Z'))).toBe('2026-01-02T03:04:05Z');
  });
});

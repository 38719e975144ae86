import { describe, expect, it } from 'vitest';
import { readableNumber } from '../../src/shared/readable-number.js';

describe('readableNumber', () => {
  it('drops float noise and keeps what a person would write', () => {
    expect(readableNumber(0.0047894999999999995)).toBe('0.0047895');
    expect(readableNumber(0.1 + 0.2)).toBe('0.3');
    expect(readableNumber(1679.4)).toBe('1679.4');
    expect(readableNumber(42)).toBe('42');
    expect(readableNumber(2 ** 53)).toBe('9007199254740992');
    expect(readableNumber(1.5e-7)).toBe('0.00000015');
  });
});

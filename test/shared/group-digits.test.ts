import { describe, expect, it } from 'vitest';
import { groupDigits } from '../../src/shared/group-digits.js';

describe('groupDigits', () => {
  it('groups by thousands on the text, exactly, past 2^53, with a sign kept in front', () => {
    expect(groupDigits('0')).toBe('0');
    expect(groupDigits('999')).toBe('999');
    expect(groupDigits('1000')).toBe('1,000');
    expect(groupDigits('18446744073709551615')).toBe('18,446,744,073,709,551,615');
    expect(groupDigits('-1234567')).toBe('-1,234,567');
  });
});

// A row offers its decision chain only when it met policy: a decision, a matched rule or a policy_* value of its own.
import { describe, expect, it } from 'vitest';
import { metPolicy } from '../../../src/renderer/src/links/policy-decided.js';

const row = (cells: Record<string, string | number | null>, eventId: string | null = 'e1') => ({
  columns: Object.keys(cells),
  cells: Object.values(cells),
  eventId,
});

describe('metPolicy', () => {
  it('a request with a decision or a policy rule met policy', () => {
    expect(metPolicy(row({ id: 1, decision: 'denied' }))).toBe(true);
    expect(metPolicy(row({ id: 1, decision: null, policy_rule: 'deny-foreign-hosts' }))).toBe(true);
  });

  it('a row without policy values, or without an event id to chain by, does not', () => {
    expect(metPolicy(row({ id: 1, path: '/x', decision: null, policy_action: '  ' }))).toBe(false);
    expect(metPolicy(row({ id: 1, decision: 'denied' }, null))).toBe(false);
  });
});

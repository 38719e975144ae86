// The Decisions view's words for an event's "why" and a body's size: the CLI's order, arrows for the transition,
// NULLs as "—", and a hostile control character in ledger text made visible, never passed through.
import { describe, expect, it } from 'vitest';
import type { DecisionEvent } from '../../../../src/shared/contract.js';
import { bytesLabel } from '../../../../src/renderer/src/components/format.js';
import { bodySize, fieldText, whyText } from '../../../../src/renderer/src/views/decisions/decision-text.js';

const event = (over: Partial<DecisionEvent>): DecisionEvent => ({
  table: 'net_events',
  id: 1,
  eventId: 'e1',
  time: null,
  what: null,
  rule: null,
  action: 'denied',
  policyMode: null,
  policyAction: null,
  policyReason: null,
  stage: null,
  actor: null,
  previous: null,
  requested: null,
  resolver: null,
  reason: null,
  ...over,
});

describe('decision text', () => {
  it('says a net row’s policy and reason', () => {
    expect(whyText(event({ policyMode: 'enforce', policyAction: 'block', policyReason: 'paste sites' }))).toBe(
      'policy enforce/block, “paste sites”',
    );
  });

  it('says a security decision’s stage and transition, a missing side as —', () => {
    expect(whyText(event({ action: 'block', stage: 'rule', actor: 'policy', previous: 'allow', requested: null }))).toBe(
      'stage rule by policy, allow → — → block',
    );
  });

  it('says who resolved an ask, and nothing for a row that says nothing', () => {
    expect(whyText(event({ action: 'ask denied', resolver: 'user', reason: 'denied in UI' }))).toBe('resolved by user, “denied in UI”');
    expect(whyText(event({}))).toBe('');
  });

  it('makes control characters in ledger text visible', () => {
    expect(whyText(event({ policyReason: 'a\u001b[2Jb' }))).not.toContain('\u001b');
    expect(fieldText('x\u0007y')).not.toContain('\u0007');
    expect(fieldText(null)).toBe('—');
    expect(fieldText(42)).toBe('42');
  });

  it('sizes a body from its index row, the stored size only when smaller', () => {
    expect(bodySize({ direction: 'payload', contentType: 'application/json', originalBytes: 2048, storedBytes: 512 })).toBe(
      `${bytesLabel(2048)}, 512 B stored, application/json`,
    );
    expect(bodySize({ direction: 'payload', contentType: null, originalBytes: 100, storedBytes: 100 })).toBe('100 B');
    expect(bodySize({ direction: 'payload', contentType: null, originalBytes: null, storedBytes: 10 })).toBe('size not recorded');
  });
});

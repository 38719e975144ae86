// The credential patterns are data: each must find its own example in full, none may fire on look-alikes, and each
// must run without backtracking (V8's linear engine compiles it, and no quantified group holds a quantifier).
import { describe, expect, it } from 'vitest';
import { compileMatcher } from '../../../../src/main/core/match/byte-matcher.js';
import { runsInLinearTime, spreadCounts } from '../../../../src/main/core/match/linear-regexp.js';
import { SECRET_PATTERNS } from '../../../../src/main/core/match/secret-patterns.js';

const secrets = compileMatcher({ kind: 'secrets' });
const te = new TextEncoder();

function found(text: string): { name: string; text: string }[] {
  const bytes = te.encode(text);
  const out: { name: string; text: string }[] = [];
  secrets.scan(bytes, (offset, length, name) => {
    out.push({ name: name ?? '', text: Buffer.from(bytes.subarray(offset, offset + length)).toString('latin1') });
    return true;
  });
  return out;
}

/** Strings that look like credentials but are not one of ours: too short, wrong case, test keys, public keys. */
const LOOK_ALIKES = [
  'sk-ant-api03-tooShort',
  'sk-ant-xyz03-' + 'a'.repeat(60),
  'sk-proj-short',
  'sk-' + 'a'.repeat(48),
  'AIza' + 'b'.repeat(20),
  'aiza' + 'b'.repeat(35),
  'AKIA1234',
  'akiaiosfodnn7example',
  'AKIAiosfodnn7example',
  'ghp_short',
  'ghx_' + 'a'.repeat(36),
  'github_pat_tooShort',
  'npm_tooShort',
  'NPM_' + 'a'.repeat(36),
  'glpat-short',
  'xoxb-123',
  'xoxz-123456789012-abcdefghijkl',
  'sk_test_4eC39HqLyjWDarjtT1zdp7dc',
  'pk_live_4eC39HqLyjWDarjtT1zdp7dc',
  '-----BEGIN PUBLIC KEY-----',
  '-----BEGIN CERTIFICATE-----',
  'eyJhbGciOiJIUzI1NiJ9.payload.sig',
  'eyJ.eyJ.x',
  'https://example.com/path@user',
  'mailto:someone@example.com',
  'https://user@example.com/',
  'ssh://git@github.com:22/repo',
];

describe('secret patterns', () => {
  it('are named once each, with a reason and a test string', () => {
    const names = SECRET_PATTERNS.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const p of SECRET_PATTERNS) {
      expect(p.reason.length).toBeGreaterThan(10);
      expect(p.example.length).toBeGreaterThan(10);
    }
  });

  it.each(SECRET_PATTERNS.map((p) => [p.name, p] as const))('%s finds its test string in full, inside other text', (_name, p) => {
    expect(found(`header: ${p.example}\n`)).toEqual([{ name: p.name, text: p.example }]);
  });

  it.each(LOOK_ALIKES)('finds nothing in the look-alike %s', (text) => {
    expect(found(` ${text} `)).toEqual([]);
  });

  it.each(SECRET_PATTERNS.map((p) => [p.name, p] as const))(
    '%s runs in linear time: the linear engine takes it, no quantified group holds a quantifier',
    (_name, p) => {
      expect(runsInLinearTime(spreadCounts(p.source), p.flags ?? '')).toBe(true);
      // A group whose content has a repeat, itself repeated: (a+)+, (x*y)*, (a{2,}){3} (an optional group is no loop).
      expect(p.source.replace(/\(\?:/g, '(')).not.toMatch(/\((?:[^()\\]|\\.)*(?:[*+]|\{\d+,?\d*\})(?:[^()\\]|\\.)*\)(?:[*+]|\{\d+,?\d*\})/);
      expect(p.source).not.toMatch(/\\[1-9]|\(\?[=!<]/);
    },
  );
});

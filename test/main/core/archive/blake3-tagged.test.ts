// blake3MatchesTagged compares a body with `blake3:<64 hex>` exactly as `blake3Tagged(bytes) === hash.toLowerCase()`
// did: hex digits in either case, nothing else passing for one.
import { beforeAll, describe, expect, it } from 'vitest';
import { blake3MatchesTagged, blake3Tagged, initBlake3 } from '../../../../src/main/core/archive/blake3.js';

beforeAll(async () => {
  await initBlake3();
});

describe('blake3MatchesTagged', () => {
  const body = new TextEncoder().encode('{"model":"claude","stream":true}');
  const subarray = new Uint8Array(64).fill(7);
  subarray.set(body, 10);
  const view = subarray.subarray(10, 10 + body.length);

  it('accepts the tagged hash in lower or upper case, of a copy or of a view into a larger buffer', () => {
    const tagged = blake3Tagged(body);
    expect(blake3MatchesTagged(body, tagged)).toBe(true);
    expect(blake3MatchesTagged(view, tagged)).toBe(true);
    expect(blake3MatchesTagged(body, tagged.toUpperCase())).toBe(true);
  });

  it('refuses other bytes, other lengths, other tags and characters that only look like hex after case folding', () => {
    const tagged = blake3Tagged(body);
    expect(blake3MatchesTagged(body.subarray(1), tagged)).toBe(false);
    expect(blake3MatchesTagged(body, tagged.slice(0, -1))).toBe(false);
    expect(blake3MatchesTagged(body, `${tagged}0`)).toBe(false);
    expect(blake3MatchesTagged(body, tagged.replace('blake3:', 'sha256:'))).toBe(false);
    expect(blake3MatchesTagged(body, tagged.replace('blake3:', 'blake3-'))).toBe(false);
    // Every digit position, replaced by the character that equals it with bit 0x20 cleared (0x10-0x19 for 0-9, G-Z
    // neighbours for letters): a fold by `| 0x20` would accept these.
    for (let i = 7; i < tagged.length; i++) {
      const forged = tagged.slice(0, i) + String.fromCharCode(tagged.charCodeAt(i) & ~0x20) + tagged.slice(i + 1);
      const expected = forged.toLowerCase() === tagged;
      expect(blake3MatchesTagged(body, forged)).toBe(expected);
    }
  });
});

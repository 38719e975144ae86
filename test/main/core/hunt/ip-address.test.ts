// Addresses and CIDR ranges as numbers: a v4 /8 meets its own addresses and not the next /8, a v6 /64 its own
// subnet, an IPv4-mapped v6 address its v4 range, and anything that is not an address parses to null.
import { describe, expect, it } from 'vitest';
import { parseIp, parseIpRange, rangeContains } from '../../../../src/main/core/hunt/ip-address.js';

const inRange = (range: string, address: string): boolean => {
  const r = parseIpRange(range);
  const a = parseIp(address);
  if (!r || !a) throw new Error(`bad test input ${range} ${address}`);
  return rangeContains(r, a);
};

describe('parseIp', () => {
  it('reads IPv4 and IPv6 in their usual forms', () => {
    expect(parseIp('10.1.2.3')).toEqual({ family: 4, value: 0x0a010203n });
    expect(parseIp('::1')).toEqual({ family: 6, value: 1n });
    expect(parseIp('::')).toEqual({ family: 6, value: 0n });
    expect(parseIp('2001:db8::1')).toEqual(parseIp('2001:0db8:0:0:0:0:0:1'));
    expect(parseIp('64:ff9b::10.1.2.3')).toEqual({ family: 6, value: (0x64ff9bn << 96n) | 0x0a010203n });
    expect(parseIp('fe80::1%eth0')).toEqual(parseIp('fe80::1'));
  });

  it('takes an IPv4-mapped address as the IPv4 address it carries', () => {
    expect(parseIp('::ffff:10.1.2.3')).toEqual(parseIp('10.1.2.3'));
    expect(parseIp('::ffff:a01:203')).toEqual(parseIp('10.1.2.3'));
  });

  it('refuses what is not an address', () => {
    for (const bad of [
      '',
      '10.1.2',
      '10.1.2.3.4',
      '256.1.1.1',
      '010.1.1.1',
      '1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:8:9',
      '1::2::3',
      'g::1',
      'example.com',
      '::1.2.3',
    ])
      expect(parseIp(bad), bad).toBeNull();
  });
});

describe('parseIpRange and rangeContains', () => {
  it('matches an IPv4 /8 and not the next one', () => {
    expect(inRange('10.0.0.0/8', '10.1.2.3')).toBe(true);
    expect(inRange('10.0.0.0/8', '10.255.255.255')).toBe(true);
    expect(inRange('10.0.0.0/8', '11.0.0.1')).toBe(false);
    expect(inRange('10.0.0.0/8', '9.255.255.255')).toBe(false);
  });

  it('matches an IPv6 /64 and not its neighbour', () => {
    expect(inRange('2001:db8:1:2::/64', '2001:db8:1:2:ffff::5')).toBe(true);
    expect(inRange('2001:db8:1:2::/64', '2001:db8:1:3::5')).toBe(false);
  });

  it('takes a lone address as a range of one, and clears host bits given in a range', () => {
    expect(inRange('10.1.2.3', '10.1.2.3')).toBe(true);
    expect(inRange('10.1.2.3', '10.1.2.4')).toBe(false);
    expect(inRange('10.1.2.3/8', '10.200.0.1')).toBe(true);
    expect(inRange('0.0.0.0/0', '203.0.113.9')).toBe(true);
  });

  it('never lets a v4 range meet a v6 address, but meets a mapped v4 one', () => {
    expect(inRange('0.0.0.0/0', '2001:db8::1')).toBe(false);
    expect(inRange('::/0', '10.1.2.3')).toBe(false);
    expect(inRange('10.0.0.0/8', '::ffff:10.9.9.9')).toBe(true);
    expect(inRange('::ffff:10.0.0.0/104', '10.9.9.9')).toBe(true);
  });

  it('refuses a bad prefix or address', () => {
    for (const bad of ['10.0.0.0/33', '10.0.0.0/', '10.0.0.0/-1', '10.0.0.0/8/8', '::/129', 'x/8', '10.0.0.0/08x'])
      expect(parseIpRange(bad), bad).toBeNull();
  });
});

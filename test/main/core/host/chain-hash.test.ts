import { describe, expect, it } from 'vitest';
import { GENESIS, createChainHasher, toHex } from '../../../../src/main/core/host/chain-hash.js';
import { hostChainHash, hostChainReady } from '../../../fixtures/writer/host/host-chain.js';

// docs/formats/host-ledger.md#hash-chain, upstream's golden test.
const GOLDEN = {
  timestampUnixMs: 1_791_000_000_000n,
  kind: 'session_stopped',
  sessionId: 'golden',
  actor: 'service',
  detail: new Uint8Array([0x81, 0xa1, 0x61, 0x05]),
  traceId: null,
};
const GOLDEN_HASH = '334ad1daa78a4731b89861fb2ad5fc4cee7cc3fa98eb2669542245d40c90a089';

describe('host chain hash', () => {
  it('matches the upstream golden vector', async () => {
    const hash = await createChainHasher();
    expect(toHex(hash(GENESIS, GOLDEN))).toBe(GOLDEN_HASH);
  });

  it('the fixture writer (independent code) matches the same vector', async () => {
    await hostChainReady();
    expect(Buffer.from(hostChainHash(new Uint8Array(32), GOLDEN)).toString('hex')).toBe(GOLDEN_HASH);
  });

  it('distinguishes NULL from an empty string and changes with every field', async () => {
    const hash = await createChainHasher();
    const base = toHex(hash(GENESIS, GOLDEN));
    const variants = [
      { ...GOLDEN, traceId: '' },
      { ...GOLDEN, sessionId: null },
      { ...GOLDEN, timestampUnixMs: GOLDEN.timestampUnixMs + 1n },
      { ...GOLDEN, actor: 'cli' },
      { ...GOLDEN, detail: new Uint8Array(0) },
      { ...GOLDEN, kind: 'session_created' },
    ];
    const hashes = variants.map((v) => toHex(hash(GENESIS, v)));
    expect(new Set([base, ...hashes]).size).toBe(variants.length + 1);
    // A negative timestamp is hashed as signed 64-bit little-endian, identically in both implementations.
    await hostChainReady();
    const negative = { ...GOLDEN, timestampUnixMs: -5n };
    expect(toHex(hash(GENESIS, negative))).toBe(Buffer.from(hostChainHash(GENESIS, negative)).toString('hex'));
  });
});

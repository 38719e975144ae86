// Time and identity for the scale ledger: a clock that only moves forward (RFC 3339, 6 fractional digits, as
// the product writes) and event ids that look random but are unique by construction (a bijection of a counter).
import type { Prng } from '../../test/fixtures/writer/prng.js';

export class GenClock {
  private micros: number;
  constructor(
    startIso: string,
    private readonly prng: Prng,
  ) {
    this.micros = Date.parse(startIso) * 1000;
  }
  advance(minMs: number, maxMs: number): void {
    this.micros += this.prng.int(minMs * 1000, maxMs * 1000);
  }
  unixMs(): number {
    return Math.floor(this.micros / 1000);
  }
  iso(): string {
    const ms = Math.floor(this.micros / 1000);
    const frac = String(this.micros % 1_000_000).padStart(6, '0');
    return `${new Date(ms).toISOString().slice(0, 19)}.${frac}Z`;
  }
}

const MASK48 = (1n << 48n) - 1n;
// An odd multiplier is invertible modulo 2^48, so distinct counters give distinct ids.
const MULT = 0x9e3779b97f4bn;

/** 12 lowercase hex digits, unique per (salt, n) for n < 2^48; salt separates id spaces (events, asks). */
export function hexId(n: number, salt = 0): string {
  const x = ((BigInt(n) + BigInt(salt) * 0x1000000000n) * MULT) & MASK48;
  return x.toString(16).padStart(12, '0');
}

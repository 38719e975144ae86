/**
 * Helpers for 64-bit counters (`Count` = number when exact, bigint beyond 2^53 − 1).
 * Totals are summed as bigint and narrowed back, so no sum silently loses precision.
 */
import type { Count } from './types.js';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);

/** A bigint narrowed to a number when that is exact. */
export function narrow(value: bigint): Count {
  return value <= MAX_SAFE && value >= MIN_SAFE ? Number(value) : value;
}

export function toBig(value: Count): bigint {
  return typeof value === 'bigint' ? value : BigInt(value);
}

export function addCounts(...values: Count[]): Count {
  let sum = 0n;
  for (const v of values) sum += toBig(v);
  return narrow(sum);
}

export function subCounts(a: Count, b: Count): Count {
  return narrow(toBig(a) - toBig(b));
}

export function isPositive(value: Count): boolean {
  return toBig(value) > 0n;
}

/** Exact decimal text. */
export function countText(value: Count): string {
  return typeof value === 'bigint' ? value.toString() : String(value);
}

/** micro-USD → USD as a float (display and filtering only; the exact value stays in the counter). */
export function microUsdToUsd(value: Count): number {
  const big = toBig(value);
  const whole = big / 1_000_000n;
  const frac = big % 1_000_000n;
  return Number(whole) + Number(frac) / 1e6;
}

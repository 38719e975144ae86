/**
 * A number as people read it: a float's binary noise dropped (0.0047894999999999995 → 0.0047895), at most 12
 * significant digits, never exponent notation for the sizes a ledger holds. Integers print as they are.
 */
export function readableNumber(n: number): string {
  if (!Number.isFinite(n) || Number.isInteger(n)) return String(n);
  const rounded = Number(n.toPrecision(12));
  const text = String(rounded);
  if (!/e/i.test(text)) return text;
  // A tiny or huge float: fixed notation, trailing zeros trimmed.
  return rounded.toFixed(20).replace(/\.?0+$/, '');
}

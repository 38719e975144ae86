import { jsonText } from '../../../shared/json-text.js';

/** JSON for host-ledger values: BigInt counters as decimal strings (exact), byte arrays as hex. */
export function jsonReplacer(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex');
  return value;
}

export function toJsonText(value: unknown, indent = 2): string {
  return jsonText(value, indent, jsonReplacer);
}

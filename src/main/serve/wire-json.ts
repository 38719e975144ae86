/** JSON out of the server that never throws on a BigInt (written as decimal text) and never emits HTML-active `<`. */
export function toWireJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)).replace(/</g, '\\u003c');
}

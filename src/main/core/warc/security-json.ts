/**
 * Security payloads stored as MessagePack (`application/vnd.capsem.security+msgpack`) are written to the WARC as
 * JSON (docs/formats/warc-export.md#body-content). Decoding is strict: malformed input or bytes after the value mean
 * the payload does not decode (→ `corrupt-body`).
 *
 * How values that JSON lacks are written (our decision; Capsem's exact serde output for them was not found):
 * - 64-bit integers (decoded as BigInt) → the exact decimal integer, unquoted, as serde_json writes u64/i64.
 * - binary (`bin`) → an array of byte values 0..255, as serde_json writes a byte vector.
 * - non-finite floats → null (serde_json's behaviour); other floats → ECMAScript number text.
 * - map keys that are numbers → their decimal text (JSON keys are strings); maps keep their decoded key order
 *   (JavaScript objects put integer-like keys first).
 * - MessagePack extension values (including timestamps) have no JSON form → the payload is refused.
 * Output is compact JSON (no spaces), UTF-8.
 */
import { decode, ExtData } from '@msgpack/msgpack';

export const SECURITY_MSGPACK_TYPE = 'application/vnd.capsem.security+msgpack';

export type SecurityJsonResult = { readonly ok: true; readonly json: Uint8Array } | { readonly ok: false; readonly reason: string };

class NotRepresentable extends Error {}

function toJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'bigint':
      return value.toString(10);
    case 'string':
      return JSON.stringify(value);
    case 'object':
      break;
    default:
      throw new NotRepresentable(`a ${typeof value} value`);
  }
  if (value instanceof Uint8Array) return `[${Array.from(value).join(',')}]`;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value instanceof ExtData || value instanceof Date) throw new NotRepresentable('a MessagePack extension value');
  const parts: string[] = [];
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) parts.push(`${JSON.stringify(key)}:${toJson(item)}`);
  return `{${parts.join(',')}}`;
}

export function securityPayloadToJson(bytes: Uint8Array): SecurityJsonResult {
  let decoded: unknown;
  try {
    decoded = decode(bytes, { useBigInt64: true });
  } catch (error) {
    return { ok: false, reason: `MessagePack does not decode: ${error instanceof Error ? error.message : String(error)}` };
  }
  try {
    return { ok: true, json: Buffer.from(toJson(decoded), 'utf8') };
  } catch (error) {
    if (error instanceof NotRepresentable) return { ok: false, reason: `MessagePack holds ${error.message}, which JSON cannot represent` };
    throw error;
  }
}

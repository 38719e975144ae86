import { describe, expect, test } from 'vitest';
import { encode } from '@msgpack/msgpack';
import { securityPayloadToJson } from '../../../../src/main/core/warc/security-json.js';

const text = (r: ReturnType<typeof securityPayloadToJson>): string => (r.ok ? Buffer.from(r.json).toString('utf8') : `FAIL ${r.reason}`);

describe('security MessagePack → JSON', () => {
  test('maps, arrays, strings, booleans and null become compact JSON in decoded order', () => {
    const bytes = encode({ event_type: 'security.rule', decision: { action: 'block', ok: false }, detections: [1, 'two', null] });
    expect(text(securityPayloadToJson(bytes))).toBe(
      '{"event_type":"security.rule","decision":{"action":"block","ok":false},"detections":[1,"two",null]}',
    );
  });

  test('64-bit integers keep every digit', () => {
    const bytes = encode({ big: 2n ** 64n - 1n, neg: -(2n ** 63n) }, { useBigInt64: true });
    expect(text(securityPayloadToJson(bytes))).toBe('{"big":18446744073709551615,"neg":-9223372036854775808}');
  });

  test('binary becomes an array of byte values', () => {
    expect(text(securityPayloadToJson(encode({ b: new Uint8Array([0, 1, 255]) })))).toBe('{"b":[0,1,255]}');
  });

  test('strings are escaped as JSON requires', () => {
    expect(text(securityPayloadToJson(encode({ s: 'a"b\\c\n\u0001é' })))).toBe('{"s":"a\\"b\\\\c\\n\\u0001é"}');
  });

  test('malformed MessagePack, trailing bytes and extension values do not decode', () => {
    expect(securityPayloadToJson(new Uint8Array([0xc1])).ok).toBe(false);
    expect(securityPayloadToJson(new Uint8Array([0x81, 0xa1, 0x61])).ok).toBe(false);
    expect(securityPayloadToJson(new Uint8Array([...encode({ a: 1 }), 0x00])).ok).toBe(false);
    expect(securityPayloadToJson(encode({ when: new Date(0) })).ok).toBe(false);
  });
});

import { describe, expect, test } from 'vitest';
import { serialiseRecord, type WarcRecordSpec } from '../../../../src/main/core/warc/record-bytes.js';
import { InspectorError } from '../../../../src/shared/errors.js';

const base: WarcRecordSpec = {
  type: 'resource',
  recordId: 'urn:capsem:s:net_events:0123456789ab:request',
  targetUri: 'https://example.com/a',
  date: '2026-03-02T14:50:40Z',
  blockDigest: 'blake3:' + 'a'.repeat(64),
  truncated: false,
  contentType: 'text/plain',
  block: Buffer.from('hi'),
};

describe('record serialisation', () => {
  test('header order, angle brackets, CRLF and the CRLF CRLF terminator', () => {
    expect(serialiseRecord(base).toString('latin1')).toBe(
      'WARC/1.1\r\nWARC-Type: resource\r\nWARC-Record-ID: <urn:capsem:s:net_events:0123456789ab:request>\r\n' +
        'WARC-Target-URI: https://example.com/a\r\nWARC-Date: 2026-03-02T14:50:40Z\r\n' +
        `WARC-Block-Digest: blake3:${'a'.repeat(64)}\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nhi\r\n\r\n`,
    );
  });

  test('WARC-Truncated sits between the digest and Content-Type; the length is what is written', () => {
    const text = serialiseRecord({ ...base, truncated: true }).toString('latin1');
    expect(text).toContain(
      `WARC-Block-Digest: blake3:${'a'.repeat(64)}\r\nWARC-Truncated: length\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n`,
    );
  });

  test('an empty block is a valid record with Content-Length 0', () => {
    expect(
      serialiseRecord({ ...base, block: new Uint8Array(0) })
        .toString('latin1')
        .endsWith('Content-Length: 0\r\n\r\n\r\n\r\n'),
    ).toBe(true);
  });

  test('a warcinfo record has no target URI', () => {
    const text = serialiseRecord({ ...base, type: 'warcinfo', recordId: 'urn:capsem:s:warcinfo:opening:x', targetUri: null }).toString(
      'latin1',
    );
    expect(text).not.toContain('WARC-Target-URI');
  });

  test.each([
    ['target URI with LF', { targetUri: 'capsem://tool/a\nWARC-Type: response' }],
    ['content type with CR', { contentType: 'text/plain\rX: y' }],
    ['resource without URI', { targetUri: null }],
  ])('refuses %s', (_name, change) => {
    let error: unknown = null;
    try {
      serialiseRecord({ ...base, ...change });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InspectorError);
    expect((error as InspectorError).code).toBe('EXPORT_FAILED');
  });
});

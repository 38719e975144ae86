import { describe, expect, it } from 'vitest';
import { chooseMode, imageKind, looksBinary } from '../../../src/renderer/src/bodies/sniff.js';
import { makePng } from '../../fixtures/writer/png.js';

const te = new TextEncoder();
const b = (...x: number[]): Uint8Array => Uint8Array.from(x);

describe('what a body is, from its bytes', () => {
  it('names PNG, JPEG, GIF and WebP by their magic bytes, and nothing else', () => {
    expect(imageKind(makePng(4, 4))).toBe('png');
    expect(imageKind(b(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(imageKind(te.encode('GIF89a...'))).toBe('gif');
    expect(imageKind(te.encode('GIF87a...'))).toBe('gif');
    expect(imageKind(te.encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(imageKind(te.encode('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(imageKind(te.encode('GIF80a'))).toBeNull();
    expect(imageKind(te.encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageKind(b(0x89, 0x50, 0x4e, 0x47))).toBeNull();
  });

  it('opens an image by its bytes whatever its type claims, and never an SVG', () => {
    expect(chooseMode('text/plain', makePng(2, 2))).toBe('image');
    expect(chooseMode('image/png', te.encode('not a png'))).toBe('text');
    expect(chooseMode('image/svg+xml', te.encode('<svg><script>x</script></svg>'))).toBe('text');
  });

  it('opens SSE, MessagePack and JSON by type, JSON also by its first character, binary in hex', () => {
    expect(chooseMode('text/event-stream; charset=utf-8', te.encode('data: 1\n\n'))).toBe('sse');
    expect(chooseMode('application/vnd.capsem.security+msgpack', b(0x81, 0xa1, 0x61, 0x01))).toBe('msgpack');
    expect(chooseMode('application/json', te.encode('[]'))).toBe('json');
    expect(chooseMode('application/x-ndjson', te.encode('{"a":1}\n{"a":2}\n'))).toBe('text');
    expect(chooseMode(null, te.encode('\n  {"a":1}'))).toBe('json');
    expect(chooseMode('text/plain', te.encode('plain words'))).toBe('text');
    expect(chooseMode('application/octet-stream', b(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00))).toBe('hex');
    expect(chooseMode(null, null)).toBe('text');
  });

  it('calls bytes binary for a NUL, invalid UTF-8 or many controls, but not for a character cut at 8 KiB', () => {
    expect(looksBinary(te.encode('tab\tand\r\nescape \u001b[1m ok'))).toBe(false);
    expect(looksBinary(b(0x41, 0x00, 0x42))).toBe(true);
    expect(looksBinary(b(0x41, 0xc3, 0x28))).toBe(true);
    expect(looksBinary(Uint8Array.from({ length: 100 }, (_, i) => (i % 5 === 0 ? 0x01 : 0x41)))).toBe(true);
    const cut = te.encode('a'.repeat(8191) + '😀 and more text');
    expect(looksBinary(cut)).toBe(false);
  });
});

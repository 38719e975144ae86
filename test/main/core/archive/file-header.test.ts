import { describe, expect, it, beforeAll } from 'vitest';
import { parseFileHeader, generationFileName } from '../../../../src/main/core/archive/file-header.js';
import { initBlake3 } from '../../../../src/main/core/archive/blake3.js';

const GOLDEN = Uint8Array.from(
  `43 41 50 53 45 4d 42 4c 03 00 00 00 50 00 00 00
   10 11 12 13 14 15 46 17 98 19 1a 1b 1c 1d 1e 1f
   20 21 22 23 24 25 46 27 a8 29 2a 2b 2c 2d 2e 2f
   82 1a eb 26 07 9e 7e 03 97 62 bb 20 ec 05 79 c2
   c7 f1 31 80 a1 75 41 d0 c2 e8 82 32 b4 ee 12 d8`
    .trim()
    .split(/\s+/)
    .map((h) => parseInt(h, 16)),
);

describe('file header (docs/formats/ledger-format.md: file formats v1–v3, golden header vector)', () => {
  beforeAll(async () => {
    await initBlake3();
  });

  it('accepts the golden v3 vector and names its generation file', () => {
    const r = parseFileHeader(GOLDEN, 'golden', 3);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(Buffer.from(r.info.archiveId ?? []).toString('hex')).toBe('101112131415461798191a1b1c1d1e1f');
    expect(generationFileName(r.info.generationId ?? new Uint8Array())).toBe('g-2021222324254627a8292a2b2c2d2e2f.cbl');
  });

  it.each([10, 11, 12, 13, 14, 15, 16, 22, 24, 38, 40, 48, 79])('refuses the golden vector with byte %i flipped', (i) => {
    const bytes = Uint8Array.from(GOLDEN);
    bytes[i] = (bytes[i] ?? 0) ^ 0xff;
    const r = parseFileHeader(bytes, 'golden', 3);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('BAD_FILE_HEADER');
  });

  it('refuses a short, wrong-magic or wrong-version header', () => {
    expect(parseFileHeader(GOLDEN.subarray(0, 40), 'x', 3)).toMatchObject({ ok: false, error: { code: 'BAD_FILE_HEADER' } });
    const magic = Uint8Array.from(GOLDEN);
    magic[0] = 0x58;
    expect(parseFileHeader(magic, 'x', 3)).toMatchObject({ ok: false, error: { code: 'BAD_FILE_HEADER' } });
    expect(parseFileHeader(GOLDEN, 'x', 2)).toMatchObject({ ok: false, error: { code: 'BAD_FILE_HEADER' } });
  });

  it('reads v1/v2 headers by magic and version only', () => {
    const v2 = new Uint8Array(16);
    v2.set(new TextEncoder().encode('CAPSEMBL'));
    v2[8] = 2;
    v2[12] = 9; // reserved bytes are not checked, as upstream
    expect(parseFileHeader(v2, 'x', 2)).toMatchObject({ ok: true, info: { version: 2, headerLen: 16 } });
    expect(parseFileHeader(v2, 'x', 1)).toMatchObject({ ok: false, error: { code: 'BAD_FILE_HEADER' } });
  });
});

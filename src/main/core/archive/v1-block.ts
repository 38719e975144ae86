import { fail, type Failure } from '../../../shared/errors.js';
import type { BlockRow } from '../../../shared/ledger-types.js';
import { blake3Matches } from './blake3.js';
import { asciiEquals, u32 } from './bytes.js';
import { BLOCK_HEADER_LEN_V1, BLOCK_MAGIC_V1, MAX_BLOCK_COMP_BYTES_V1, MAX_BLOCK_RAW_BYTES } from './constants.js';
import { inflateRaw } from './inflate.js';

export type V1Result = { readonly ok: true; readonly raw: Uint8Array } | { readonly ok: false; readonly failure: Failure };

/**
 * A v1 (`BLK1`) block (docs/formats/ledger-format.md#file-format-v1): one complete raw-deflate stream, decoded and
 * hashed whole.
 * `bytes` holds the 44-byte header and comp_len bytes as the row names them.
 */
export function decodeV1Block(bytes: Uint8Array, block: BlockRow, path: string): V1Result {
  const where = `block at offset ${block.blockOffset} of ${path}`;
  const no = (code: Failure['code'], why: string): V1Result => ({ ok: false, failure: fail(code, `${where} ${why}`) });
  if (bytes.length < BLOCK_HEADER_LEN_V1 || !asciiEquals(bytes, 0, BLOCK_MAGIC_V1))
    return no('BAD_BLOCK_HEADER', 'has a bad block header (no BLK1 magic)');
  const rawLen = u32(bytes, 4);
  const compLen = u32(bytes, 8);
  if (rawLen === 0 || rawLen > MAX_BLOCK_RAW_BYTES)
    return no('BAD_BLOCK_HEADER', `has a bad block header: raw_len ${rawLen} is outside 1..16 MiB`);
  if (compLen === 0 || compLen > MAX_BLOCK_COMP_BYTES_V1)
    return no('BAD_BLOCK_HEADER', `has a bad block header: comp_len ${compLen} is outside 1..16 MiB + 64 KiB`);
  if (rawLen !== block.rawLen || compLen !== block.diskLen) {
    return no(
      'BAD_BLOCK_HEADER',
      `has a bad block header: raw_len ${rawLen}/comp_len ${compLen} differ from its body_blocks row (${block.rawLen}/${block.diskLen})`,
    );
  }
  const r = inflateRaw(bytes.subarray(BLOCK_HEADER_LEN_V1, BLOCK_HEADER_LEN_V1 + compLen), rawLen, true);
  switch (r.kind) {
    case 'too-large':
      return no('DECODED_TOO_LARGE', `decodes to more than the ${rawLen} bytes its header declares`);
    case 'unended':
      return no('DECODE_FAILED', 'did not inflate: the deflate stream does not end within comp_len');
    case 'error':
      return no('DECODE_FAILED', `did not inflate: ${r.message}`);
    case 'ok':
      break;
  }
  if (r.consumed !== compLen)
    return no('DECODE_FAILED', `did not inflate: ${compLen - r.consumed} bytes follow the end of the deflate stream`);
  if (r.out.length !== rawLen)
    return no('SEGMENT_HASH_MISMATCH', `fails its integrity check: it decodes to ${r.out.length} bytes, its header says ${rawLen}`);
  if (!blake3Matches(r.out, bytes.subarray(12, 44))) return no('SEGMENT_HASH_MISMATCH', 'does not match its block hash');
  return { ok: true, raw: r.out };
}

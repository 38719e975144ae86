/**
 * WARC-Block-Digest values. blake3 is written as `blake3:<64 lowercase hex>` (what Capsem writes);
 * sha256 as `sha256:<base32>` with RFC 4648 padding, the form Python's hashlib-based readers (warcio) produce and verify.
 */
import { createHash } from 'node:crypto';
import { blake3Hex, createBlake3Stream, initBlake3 } from '../archive/blake3.js';
import type { DigestAlgorithm } from './types.js';

/** An incremental hasher over one block, formatted as a WARC labelled digest at the end. */
export interface BlockDigester {
  readonly algorithm: DigestAlgorithm;
  update(bytes: Uint8Array): void;
  /** The labelled digest, e.g. `blake3:ab…`; the digester is reset for the next block. */
  finish(): string;
  /** The labelled digest of one whole block in one call, when the algorithm has a faster path for that. */
  readonly oneShot?: (block: Uint8Array) => string;
}

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 with `=` padding, as Python's base64.b32encode writes it. */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  while (out.length % 8 !== 0) out += '=';
  return out;
}

/** Creates a digester; blake3 needs one asynchronous WebAssembly start, after which hashing is synchronous. */
export async function createBlockDigester(algorithm: DigestAlgorithm): Promise<BlockDigester> {
  switch (algorithm) {
    case 'blake3': {
      // Records arrive whole when exporting (one-shot) and in pieces when re-reading (a stream).
      await initBlake3();
      const hasher = await createBlake3Stream();
      return {
        algorithm,
        update: (bytes) => hasher.update(bytes),
        finish: () => `blake3:${hasher.digestHex()}`,
        oneShot: (block) => `blake3:${blake3Hex(block)}`,
      };
    }
    case 'sha256': {
      let hash = createHash('sha256');
      return {
        algorithm,
        update: (bytes) => void hash.update(bytes),
        finish: () => {
          const value = `sha256:${base32Encode(hash.digest())}`;
          hash = createHash('sha256');
          return value;
        },
      };
    }
  }
}

/** One-shot labelled digest of a whole block. */
export function digestBlock(digester: BlockDigester, block: Uint8Array): string {
  if (digester.oneShot) return digester.oneShot(block);
  digester.update(block);
  return digester.finish();
}

/** SHA-256 and BLAKE3 (hex) of a byte stream fed in pieces, e.g. the exported file during its re-read. */
export async function createFileHasher(): Promise<{ update(bytes: Uint8Array): void; finish(): { sha256: string; blake3: string } }> {
  const blake3 = await createBlake3Stream();
  const sha256 = createHash('sha256');
  return {
    update(bytes) {
      blake3.update(bytes);
      sha256.update(bytes);
    },
    finish: () => ({ sha256: sha256.digest('hex'), blake3: blake3.digestHex() }),
  };
}

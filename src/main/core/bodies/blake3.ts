/**
 * A synchronous BLAKE3 for body checks. hash-wasm only creates hashers asynchronously, so one instance is made at
 * evidence open (ensureBlake3) and reused; init/update/digest are synchronous, so no other caller can interleave.
 */
import type { IHasher } from 'hash-wasm';
import { createBLAKE3 } from 'hash-wasm';

let hasher: IHasher | null = null;

export async function ensureBlake3(): Promise<void> {
  hasher ??= await createBLAKE3();
}

export function blake3Hex(bytes: Uint8Array): string {
  if (!hasher) throw new Error('blake3 not initialised: call ensureBlake3() first');
  hasher.init();
  hasher.update(bytes);
  return hasher.digest('hex');
}

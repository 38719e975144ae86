import { createBLAKE3, type IHasher } from 'hash-wasm';

/**
 * BLAKE3 (32-byte output) through hash-wasm. Creating the wasm instance is async, so call
 * `initBlake3()` once (openArchive does); after that every helper here is synchronous.
 * JavaScript is single-threaded per isolate, so one shared hasher per thread is safe.
 */
let hasher: IHasher | null = null;
let pending: Promise<void> | null = null;

export function initBlake3(): Promise<void> {
  if (hasher) return Promise.resolve();
  pending ??= createBLAKE3().then((h) => {
    hasher = h;
  });
  return pending;
}

function ready(): IHasher {
  if (!hasher) throw new Error('BLAKE3 used before initBlake3() finished');
  return hasher;
}

/** The 32 raw digest bytes. */
export function blake3Raw(bytes: Uint8Array): Uint8Array {
  return ready().init().update(bytes).digest('binary');
}

/** Writes the 32 digest bytes into `out` at `offset` (for callers that keep digests in one buffer). */
export function blake3Into(bytes: Uint8Array, out: Uint8Array, offset = 0): void {
  out.set(blake3Raw(bytes), offset);
}

/** 64 lowercase hex characters. */
export function blake3Hex(bytes: Uint8Array): string {
  return ready().init().update(bytes).digest('hex');
}

/** The ledger's text form: `blake3:` + 64 lowercase hex (event_body_blobs.body_hash). */
export function blake3Tagged(bytes: Uint8Array): string {
  return `blake3:${blake3Hex(bytes)}`;
}

/** Constant-shape comparison of a computed digest with 32 expected bytes. */
export function blake3Matches(bytes: Uint8Array, expected: Uint8Array): boolean {
  const got = blake3Raw(bytes);
  if (expected.length !== got.length) return false;
  let diff = 0;
  for (let i = 0; i < got.length; i++) diff |= (got[i] ?? 0) ^ (expected[i] ?? 0);
  return diff === 0;
}

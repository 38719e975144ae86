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

const HEX = '0123456789abcdef';
const TAG = 'blake3:';
/** 'A'..'F' to 'a'..'f'; every other character as it is (so nothing else can pass for a hex digit). */
const foldHex = (c: number): number => (c >= 0x41 && c <= 0x46 ? c + 0x20 : c);

/**
 * Whether `bytes` hash to `tagged` (`blake3:` + 64 hex, either case), without building the digest's hex text:
 * verification compares hundreds of thousands of bodies and the text was a measurable share of the work.
 */
export function blake3MatchesTagged(bytes: Uint8Array, tagged: string): boolean {
  if (tagged.length !== TAG.length + 64 || tagged.slice(0, TAG.length).toLowerCase() !== TAG) return false;
  const got = blake3Raw(bytes);
  for (let i = 0; i < 32; i++) {
    const b = got[i] ?? 0;
    if (foldHex(tagged.charCodeAt(TAG.length + 2 * i)) !== HEX.charCodeAt(b >> 4)) return false;
    if (foldHex(tagged.charCodeAt(TAG.length + 2 * i + 1)) !== HEX.charCodeAt(b & 15)) return false;
  }
  return true;
}

/** Constant-shape comparison of a computed digest with 32 expected bytes. */
export function blake3Matches(bytes: Uint8Array, expected: Uint8Array): boolean {
  const got = blake3Raw(bytes);
  if (expected.length !== got.length) return false;
  let diff = 0;
  for (let i = 0; i < got.length; i++) diff |= (got[i] ?? 0) ^ (expected[i] ?? 0);
  return diff === 0;
}

import { createRequire } from 'node:module';
import { createBLAKE3, type IHasher } from 'hash-wasm';

/**
 * BLAKE3 (32-byte output), through two libraries chosen per call:
 * - the native BLAKE3 C library (`@c4312/blake3-native`, Node-API, SIMD dispatch at run time) for long inputs:
 *   ~6 GiB/s on 256 KiB segments, but every call builds a native hasher object, ~14 µs;
 * - hash-wasm for short inputs: ~850 MiB/s with ~1.5 µs per call, so below ~13 KiB it is the faster of the two.
 * Both give identical digests (tests compare them with each other and with b3sum). When the native addon is
 * missing or does not load, hash-wasm does everything.
 *
 * Creating the wasm instance is async, so call `initBlake3()` once (openArchive does); after that every helper here
 * is synchronous. JavaScript is single-threaded per isolate, so one shared wasm hasher per thread is safe.
 */
let hasher: IHasher | null = null;
let pending: Promise<void> | null = null;

/** Inputs at least this long go to the native library when it loaded (crossover measured at ~13 KiB). */
export const NATIVE_MIN_BYTES = 16 * 1024;

interface NativeHash {
  update(bytes: Uint8Array): void;
  digest(length: number): Uint8Array;
}
interface NativeBinding {
  createHash(): NativeHash;
}

let nativeCache: NativeBinding | null | undefined;

/** The native binding, or null when it is not installed or does not load here. Never throws. */
export function loadNativeBlake3(): NativeBinding | null {
  if (nativeCache !== undefined) return nativeCache;
  try {
    const binding = createRequire(import.meta.url)('@c4312/blake3-native/build/Release/blake3.node') as NativeBinding;
    nativeCache = typeof binding.createHash === 'function' ? binding : null;
  } catch {
    nativeCache = null;
  }
  return nativeCache;
}

/** For tests and benchmarks: force hash-wasm only (false) or allow native again (true). */
export function allowNativeBlake3(allow: boolean): void {
  nativeCache = allow ? undefined : null;
}

/** Which library hashes long inputs in this thread. */
export function blake3Backend(): 'native' | 'hash-wasm' {
  return loadNativeBlake3() ? 'native' : 'hash-wasm';
}

export function initBlake3(): Promise<void> {
  loadNativeBlake3();
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
  const native = bytes.length >= NATIVE_MIN_BYTES ? loadNativeBlake3() : null;
  if (native) {
    const h = native.createHash();
    h.update(bytes);
    return h.digest(32);
  }
  return ready().init().update(bytes).digest('binary');
}

/** Writes the 32 digest bytes into `out` at `offset` (for callers that keep digests in one buffer). */
export function blake3Into(bytes: Uint8Array, out: Uint8Array, offset = 0): void {
  out.set(blake3Raw(bytes), offset);
}

const HEX = '0123456789abcdef';

function toHex(raw: Uint8Array): string {
  let s = '';
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i] ?? 0;
    s += HEX[b >> 4]! + HEX[b & 15]!;
  }
  return s;
}

/** 64 lowercase hex characters. */
export function blake3Hex(bytes: Uint8Array): string {
  return toHex(blake3Raw(bytes));
}

/** The ledger's text form: `blake3:` + 64 lowercase hex (event_body_blobs.body_hash). */
export function blake3Tagged(bytes: Uint8Array): string {
  return `blake3:${blake3Hex(bytes)}`;
}

/** A BLAKE3 of a stream fed in pieces (file hashing, WARC record blocks). */
export interface Blake3Stream {
  update(bytes: Uint8Array): void;
  /** The digest as hex; the stream starts over afterwards. */
  digestHex(): string;
}

/**
 * A streaming hasher with its own state. For `long` streams (whole files) the native library when it loaded: its
 * per-digest cost (~14 µs for a native object) is paid once per file. For `short` streams (many small records, each
 * digested on its own) always hash-wasm, whose per-digest cost is ~1.5 µs. Async only because a wasm instance is
 * created asynchronously.
 */
export async function createBlake3Stream(expected: 'long' | 'short' = 'long'): Promise<Blake3Stream> {
  const native = expected === 'long' ? loadNativeBlake3() : null;
  if (native) {
    let h = native.createHash();
    return {
      update: (bytes) => h.update(bytes),
      digestHex: () => {
        const hex = toHex(h.digest(32));
        h = native.createHash();
        return hex;
      },
    };
  }
  const wasm = await createBLAKE3();
  wasm.init();
  return {
    update: (bytes) => void wasm.update(bytes),
    digestHex: () => {
      const hex = wasm.digest('hex');
      wasm.init();
      return hex;
    },
  };
}

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

import { createRequire } from 'node:module';
import type { IHasher } from 'hash-wasm';

/**
 * BLAKE3 (32-byte output). Through our minimal Node-API binding over the BLAKE3 C library (native/blake3,
 * `capsem-blake3`) when it is built: SIMD dispatch at run time, nothing allocated per call (~6 GiB/s on 256 KiB
 * segments, a few µs per small body). Otherwise through hash-wasm (~900 MiB/s). Both give identical digests (tests
 * compare them with each other and with b3sum).
 *
 * Creating the wasm instance is async, so call `initBlake3()` once (openArchive does); after that every helper here
 * is synchronous. JavaScript is single-threaded per isolate, so one shared wasm hasher per thread is safe.
 */
let hasher: IHasher | null = null;
let pending: Promise<void> | null = null;

interface NativeBinding {
  readonly STATE_BYTES: number;
  hashInto(input: Uint8Array, out: Uint8Array, offset: number): void;
  init(state: Uint8Array): void;
  update(state: Uint8Array, input: Uint8Array): void;
  finalize(state: Uint8Array, out: Uint8Array, offset: number): void;
  /** Older builds of the binding lack it; blake3Spans then hashes span by span. */
  hashSpans?(buffer: Uint8Array, spans: Uint32Array, out: Uint8Array): void;
}

let nativeCache: NativeBinding | null | undefined;

/** The native binding, or null when it is not built or does not load here. Never throws. */
export function loadNativeBlake3(): NativeBinding | null {
  if (nativeCache !== undefined) return nativeCache;
  try {
    const binding = createRequire(import.meta.url)('capsem-blake3') as NativeBinding;
    nativeCache = typeof binding.hashInto === 'function' && binding.STATE_BYTES > 0 ? binding : null;
  } catch {
    nativeCache = null;
  }
  return nativeCache;
}

/** For tests and benchmarks: force hash-wasm only (false) or allow native again (true). */
export function allowNativeBlake3(allow: boolean): void {
  nativeCache = allow ? undefined : null;
}

/** Which library hashes in this thread. */
export function blake3Backend(): 'native' | 'hash-wasm' {
  return loadNativeBlake3() ? 'native' : 'hash-wasm';
}

export function initBlake3(): Promise<void> {
  // With the native binding loaded the wasm instance is never used: skip its ~150 ms import and compile.
  if (hasher || loadNativeBlake3()) return Promise.resolve();
  // Imported on demand: parsing hash-wasm (every algorithm inlined) costs 60-100 ms of each worker's start.
  pending ??= import('hash-wasm')
    .then((m) => m.createBLAKE3())
    .then((h) => {
      hasher = h;
    });
  return pending;
}

function ready(): IHasher {
  if (!hasher) throw new Error('BLAKE3 used before initBlake3() finished');
  return hasher;
}

/** Writes the 32 digest bytes into `out` at `offset` (for callers that keep digests in one buffer). */
export function blake3Into(bytes: Uint8Array, out: Uint8Array, offset = 0): void {
  const native = loadNativeBlake3();
  if (native) native.hashInto(bytes, out, offset);
  else out.set(ready().init().update(bytes).digest('binary'), offset);
}

/** The 32 raw digest bytes (a new array). */
export function blake3Raw(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(32);
  blake3Into(bytes, out, 0);
  return out;
}

/** One reused digest buffer for the comparisons below, which never keep it. */
const scratchDigest = new Uint8Array(32);

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
 * A streaming hasher with its own state: a native state buffer when the binding loaded, else its own hash-wasm
 * instance. Async only because a wasm instance is created asynchronously.
 */
export async function createBlake3Stream(): Promise<Blake3Stream> {
  const native = loadNativeBlake3();
  if (native) {
    // An ArrayBuffer starts 8-byte aligned, as the C state needs.
    const state = new Uint8Array(new ArrayBuffer(native.STATE_BYTES));
    const out = new Uint8Array(32);
    native.init(state);
    return {
      update: (bytes) => native.update(state, bytes),
      digestHex: () => {
        native.finalize(state, out, 0);
        native.init(state);
        return toHex(out);
      },
    };
  }
  const wasm = await (await import('hash-wasm')).createBLAKE3();
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

/**
 * Whether `bytes` hash to `tagged` (`blake3:` + 64 hex, either case), without building the digest's hex text:
 * verification compares hundreds of thousands of bodies and the text was a measurable share of the work.
 */
export function blake3MatchesTagged(bytes: Uint8Array, tagged: string): boolean {
  if (tagged.length !== TAG.length + 64 || tagged.slice(0, TAG.length).toLowerCase() !== TAG) return false;
  blake3Into(bytes, scratchDigest, 0);
  return digestMatchesTagged(scratchDigest, 0, tagged);
}

/**
 * The BLAKE3 of many spans of one buffer: `spans` holds (offset, length) pairs, span i's digest goes to
 * out[32 i, 32 i + 32). The native binding hashes the chunks of many small spans side by side in SIMD lanes (1.8x
 * the speed of one call per 1-16 KiB body here); the digests are the same as blake3Into's, span by span.
 */
export function blake3Spans(buffer: Uint8Array, spans: Uint32Array, out: Uint8Array): void {
  const native = loadNativeBlake3();
  if (native?.hashSpans) {
    native.hashSpans(buffer, spans, out);
    return;
  }
  for (let i = 0; 2 * i < spans.length; i++) {
    const at = spans[2 * i]!;
    blake3Into(buffer.subarray(at, at + spans[2 * i + 1]!), out, 32 * i);
  }
}

/** Whether the 32 digest bytes at `digest[offset]` are the ones `tagged` (`blake3:` + 64 hex, either case) names. */
export function digestMatchesTagged(digest: Uint8Array, offset: number, tagged: string): boolean {
  if (tagged.length !== TAG.length + 64 || (!tagged.startsWith(TAG) && tagged.slice(0, TAG.length).toLowerCase() !== TAG)) return false;
  // Each byte's two hex digits (either case) are read straight from the text: no decoded copy (a Buffer and a sliced
  // string per body were a visible share of the worker's young-generation garbage). A character that is not hex
  // reads as -1 and never matches a byte.
  for (let i = 0; i < 32; i++) {
    const hi = hexValue(tagged.charCodeAt(TAG.length + 2 * i));
    const lo = hexValue(tagged.charCodeAt(TAG.length + 2 * i + 1));
    if (hi < 0 || lo < 0 || ((hi << 4) | lo) !== digest[offset + i]) return false;
  }
  return true;
}

/** 0-15 for a hex digit's char code (either case), else -1. */
function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const l = c | 0x20;
  return l >= 97 && l <= 102 ? l - 87 : -1;
}

/** Constant-shape comparison of a computed digest with 32 expected bytes. */
export function blake3Matches(bytes: Uint8Array, expected: Uint8Array): boolean {
  const got = scratchDigest;
  blake3Into(bytes, got, 0);
  if (expected.length !== got.length) return false;
  let diff = 0;
  for (let i = 0; i < got.length; i++) diff |= (got[i] ?? 0) ^ (expected[i] ?? 0);
  return diff === 0;
}

/** Bytes a caller allocates for one streaming state (sizeof(blake3_hasher)). */
export const STATE_BYTES: number;
/** BLAKE3 of `input`, 32 bytes written to `out` at `offset`. */
export function hashInto(input: Uint8Array, out: Uint8Array, offset: number): void;
/** Starts a stream in `state` (STATE_BYTES long, owned by the caller). */
export function init(state: Uint8Array): void;
export function update(state: Uint8Array, input: Uint8Array): void;
/** Writes the 32-byte digest of everything updated since init into `out` at `offset`; the state stays as it was. */
export function finalize(state: Uint8Array, out: Uint8Array, offset: number): void;
/**
 * BLAKE3 of many spans of one buffer: `spans` holds (offset, length) pairs; span i's digest goes to out[32 i, 32 i + 32).
 * Spans of 2-32 KiB have their chunks hashed side by side in SIMD lanes, so many small bodies hash near the speed of
 * one large input; digests equal hashInto's.
 */
export function hashSpans(buffer: Uint8Array, spans: Uint32Array, out: Uint8Array): void;

/** Bytes a caller allocates for one streaming state (sizeof(blake3_hasher)). */
export const STATE_BYTES: number;
/** BLAKE3 of `input`, 32 bytes written to `out` at `offset`. */
export function hashInto(input: Uint8Array, out: Uint8Array, offset: number): void;
/** Starts a stream in `state` (STATE_BYTES long, owned by the caller). */
export function init(state: Uint8Array): void;
export function update(state: Uint8Array, input: Uint8Array): void;
/** Writes the 32-byte digest of everything updated since init into `out` at `offset`; the state stays as it was. */
export function finalize(state: Uint8Array, out: Uint8Array, offset: number): void;

/**
 * The host ledger's chain hash (docs/formats/host-ledger.md#hash-chain): BLAKE3-256 over
 * prev_hash ‖ i64le(timestamp) ‖ field(kind) ‖ field(session_id) ‖ field(actor) ‖ field(detail) ‖ field(trace_id),
 * where field(NULL) = 0x00 and field(bytes) = 0x01 ‖ u64le(len) ‖ bytes.
 */
import { createBLAKE3 } from 'hash-wasm';

export const GENESIS = new Uint8Array(32);

/** The fields that enter the hash, as stored. */
export interface ChainedFields {
  readonly timestampUnixMs: bigint;
  readonly kind: string | null;
  readonly sessionId: string | null;
  readonly actor: string | null;
  readonly detail: Uint8Array | null;
  readonly traceId: string | null;
}

export type ChainHasher = (prevHash: Uint8Array, fields: ChainedFields) => Uint8Array;

/**
 * Creates a synchronous chain hasher (BLAKE3 wasm is instantiated once, asynchronously). Each event is laid
 * out in one reusable buffer and hashed with a single update: per-call overhead of the wasm bridge, not
 * BLAKE3 itself, dominates for small events.
 */
export async function createChainHasher(): Promise<ChainHasher> {
  const blake3 = await createBLAKE3(256);
  let buf = Buffer.alloc(4096);
  let view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let at = 0;
  const ensure = (extra: number) => {
    if (at + extra <= buf.length) return;
    const grown = Buffer.alloc(Math.max(buf.length * 2, at + extra));
    buf.copy(grown, 0, 0, at);
    buf = grown;
    view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  };
  const field = (bytes: Uint8Array | null) => {
    if (bytes === null) {
      ensure(1);
      buf[at++] = 0;
      return;
    }
    ensure(9 + bytes.length);
    buf[at] = 1;
    view.setBigUint64(at + 1, BigInt(bytes.length), true);
    buf.set(bytes, at + 9);
    at += 9 + bytes.length;
  };
  // Strings are written straight into the buffer as UTF-8 (TextEncoder.encode costs microseconds per short string).
  const text = (value: string | null) => {
    if (value === null) return field(null);
    ensure(9 + value.length * 3);
    const written = buf.write(value, at + 9, 'utf8');
    buf[at] = 1;
    view.setBigUint64(at + 1, BigInt(written), true);
    at += 9 + written;
  };
  return (prevHash, f) => {
    at = 0;
    ensure(prevHash.length + 8);
    buf.set(prevHash, 0);
    at = prevHash.length;
    view.setBigInt64(at, BigInt.asIntN(64, f.timestampUnixMs), true);
    at += 8;
    text(f.kind);
    text(f.sessionId);
    text(f.actor);
    field(f.detail);
    text(f.traceId);
    blake3.init();
    blake3.update(buf.subarray(0, at));
    return blake3.digest('binary');
  };
}

export function toHex(bytes: Uint8Array | null): string {
  return bytes === null ? '' : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

export function bytesEqual(a: Uint8Array | null, b: Uint8Array | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

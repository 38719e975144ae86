import zlib from 'node:zlib';

/** The outcome of one synchronous raw-inflate call. Never throws. */
export type InflateOutcome =
  | { readonly kind: 'ok'; readonly out: Uint8Array; readonly consumed: number }
  /** Z_FINISH only: the input ran out before the deflate stream ended. */
  | { readonly kind: 'unended' }
  | { readonly kind: 'too-large' }
  | { readonly kind: 'error'; readonly message: string };

/**
 * Inflates `input` in one synchronous node:zlib call, with output capped at `cap` bytes
 * (node:zlib throws ERR_BUFFER_TOO_LARGE as soon as the running output passes it, so a bomb costs
 * at most about one extra chunk of memory).
 *
 * `finish = true` (Z_FINISH): succeeds only when the stream ends; `consumed` < input length means
 * bytes follow the stream end. `finish = false` (Z_SYNC_FLUSH): decodes a stream prefix that stops at a
 * flush point; it cannot tell whether the stream ended exactly at the end of the input.
 * Both behaviours were checked by experiment on Node 20 (see the archive tests).
 */
export function inflateRaw(input: Uint8Array, cap: number, finish: boolean): InflateOutcome {
  const limit = Math.max(1, cap);
  try {
    const res = zlib.inflateRawSync(input, {
      finishFlush: finish ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
      maxOutputLength: limit,
      // One output chunk of the expected size avoids re-allocations on the happy path.
      chunkSize: Math.max(64, Math.min(limit + 1, 16 * 1024 * 1024)),
      info: true,
    }) as unknown as { buffer: Buffer; engine: { bytesWritten: number } };
    return { kind: 'ok', out: res.buffer, consumed: res.engine.bytesWritten };
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ERR_BUFFER_TOO_LARGE') return { kind: 'too-large' };
    if (finish && code === 'Z_BUF_ERROR') return { kind: 'unended' };
    return { kind: 'error', message: e instanceof Error ? e.message : String(e) };
  }
}

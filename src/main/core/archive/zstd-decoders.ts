import { createRequire } from 'node:module';
import { Decompress } from 'fzstd';
import type { ZstdBackendChoice, ZstdBackendName } from './types.js';
import { MAX_ZSTD_WINDOW_LOG } from './constants.js';

/** What decoding one segment's payload gave. `produced` ≤ out.length; out.length is raw_len + 1 so overlong output shows. */
export type SegmentDecode =
  | { readonly kind: 'ok'; readonly produced: number }
  | { readonly kind: 'too-large' }
  | { readonly kind: 'error'; readonly message: string };

/**
 * A per-block streaming zstd decoder fed one segment at a time, in order.
 * After any non-ok result the decoder is poisoned and must be discarded.
 */
export interface ZstdSegmentDecoder {
  /**
   * Whether the decoder itself refuses any block that would decode past the block maximum and stops on any input,
   * however forged (libzstd: yes, it is fuzzed for exactly that). When false (fzstd, which spins on forged match
   * lengths), the frame walker checks every compressed block's sequences before the decoder sees it.
   */
  readonly selfBounding: boolean;
  decode(payload: Uint8Array, out: Uint8Array): SegmentDecode;
  /** Gives back any native context now; the decoder must not be used afterwards. Idempotent. */
  release(): void;
}

export type DecoderFactory = () => ZstdSegmentDecoder;

// ---- fzstd (pure JS, always available) ----

class Overflow extends Error {}

/** fzstd buffers input until it has 18 bytes, enough for any frame header, before decoding anything. */
const FZSTD_HEADER_WAIT = 18;

class FzstdSegmentDecoder implements ZstdSegmentDecoder {
  readonly selfBounding = false;
  private stream: Decompress | null = null;
  /** Payloads seen while fzstd would still be waiting for a whole frame header. */
  private early: Uint8Array[] = [];
  private earlyLen = 0;
  private earlyProduced = 0;
  private out: Uint8Array = new Uint8Array(0);
  private pos = 0;
  private skip = 0;

  private released = false;

  decode(payload: Uint8Array, out: Uint8Array): SegmentDecode {
    if (this.released) return { kind: 'error', message: 'the zstd decoder was already released' };
    this.out = out;
    this.pos = 0;
    try {
      if (this.stream) {
        this.stream.push(payload);
        return { kind: 'ok', produced: this.pos };
      }
      // Before fzstd has parsed the frame header, replay every payload so far: as one push to a new
      // stream once there are 18 bytes, else through a throwaway decoder told the input is final, which
      // emits every complete block and then reports running out of input (fzstd error code 5).
      this.early.push(payload);
      this.earlyLen += payload.length;
      const all = concat(this.early, this.earlyLen);
      this.skip = this.earlyProduced;
      if (this.earlyLen >= FZSTD_HEADER_WAIT) {
        this.stream = new Decompress((chunk) => this.take(chunk));
        this.stream.push(all);
        this.early = [];
      } else {
        const probe = new Decompress((chunk) => this.take(chunk));
        try {
          probe.push(all, true);
        } catch (e) {
          if ((e as { code?: unknown }).code !== 5) throw e;
        }
      }
      this.earlyProduced += this.pos;
      return { kind: 'ok', produced: this.pos };
    } catch (e) {
      if (e instanceof Overflow) return { kind: 'too-large' };
      return { kind: 'error', message: e instanceof Error ? e.message : String(e) };
    }
  }

  release(): void {
    this.released = true;
    this.stream = null;
    this.early = [];
    this.out = new Uint8Array(0);
  }

  private take(chunk: Uint8Array): void {
    let c = chunk;
    if (this.skip > 0) {
      const n = Math.min(this.skip, c.length);
      this.skip -= n;
      c = c.subarray(n);
    }
    if (this.pos + c.length > this.out.length) throw new Overflow();
    this.out.set(c, this.pos);
    this.pos += c.length;
  }
}

function concat(parts: readonly Uint8Array[], total: number): Uint8Array {
  const all = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all;
}

// ---- zstd-napi (optional native addon) ----

interface NapiDCtx {
  decompressStream(dst: Uint8Array, src: Uint8Array): [number, number, number];
  setParameter(param: number, value: number): void;
  reset(directive: number): void;
}
interface NapiBinding {
  DCtx: new () => NapiDCtx;
  DParameter: { windowLogMax: number };
  ResetDirective: { sessionOnly: number };
}

let napiCache: NapiBinding | null | undefined;

/** Loads zstd-napi's low-level binding if it is installed and builds; null otherwise. Never throws. */
export function loadZstdNapi(): NapiBinding | null {
  if (napiCache !== undefined) return napiCache;
  try {
    const req = createRequire(import.meta.url);
    const binding = req('zstd-napi/binding') as NapiBinding;
    napiCache = typeof binding.DCtx === 'function' && typeof binding.DCtx.prototype.reset === 'function' ? binding : null;
  } catch {
    napiCache = null;
  }
  return napiCache;
}

/**
 * Idle native contexts, reset and ready for a new frame. zstd-napi has no explicit free: a DCtx (and the window
 * buffers libzstd allocates in it, ~25 KiB here and up to window + 128 KiB in general) is freed only by its
 * N-API finalizer, which Node 20 runs from a setImmediate after GC. A caller that opens and reads archives in a
 * synchronous or microtask-only loop never reaches that turn, so every block's context stayed alive (the hostile
 * memory test measured ~75 KiB RSS per open). Reusing a few reset contexts makes native memory independent of
 * GC timing: at most MAX_IDLE_DCTX idle contexts plus one per live block cursor.
 */
const idleContexts: NapiDCtx[] = [];
const MAX_IDLE_DCTX = 8;

/** How many reset contexts wait in the pool (for tests). */
export function idleNativeContexts(): number {
  return idleContexts.length;
}

function acquireContext(binding: NapiBinding): NapiDCtx {
  const reused = idleContexts.pop();
  if (reused) return reused;
  const ctx = new binding.DCtx();
  // windowLogMax is a parameter, so it survives the session-only resets done on release.
  ctx.setParameter(binding.DParameter.windowLogMax, MAX_ZSTD_WINDOW_LOG);
  return ctx;
}

function releaseContext(binding: NapiBinding, ctx: NapiDCtx): void {
  try {
    // Forget the frame in progress (also clears an error state), keep the parameters.
    ctx.reset(binding.ResetDirective.sessionOnly);
  } catch {
    return; // a context that cannot be reset is left to the finalizer, never reused
  }
  if (idleContexts.length < MAX_IDLE_DCTX) idleContexts.push(ctx);
}

class NapiSegmentDecoder implements ZstdSegmentDecoder {
  readonly selfBounding = true;
  private ctx: NapiDCtx | null = null;
  private released = false;
  constructor(private readonly binding: NapiBinding) {}

  decode(payload: Uint8Array, out: Uint8Array): SegmentDecode {
    let inPos = 0;
    let outPos = 0;
    if (this.released) return { kind: 'error', message: 'the zstd decoder was already released' };
    try {
      // Taken at the first segment, not at construction: a cursor that never decodes holds no native memory.
      const ctx = (this.ctx ??= acquireContext(this.binding));
      for (;;) {
        const [, produced, consumed] = ctx.decompressStream(out.subarray(outPos), payload.subarray(inPos));
        inPos += consumed;
        outPos += produced;
        if (outPos >= out.length) return { kind: 'too-large' };
        // Room left in `out` means libzstd flushed all it could; once the input is used up the segment is done.
        if (inPos >= payload.length || (produced === 0 && consumed === 0)) return { kind: 'ok', produced: outPos };
      }
    } catch (e) {
      return { kind: 'error', message: e instanceof Error ? e.message : String(e) };
    }
  }

  release(): void {
    this.released = true;
    const ctx = this.ctx;
    if (!ctx) return;
    this.ctx = null;
    releaseContext(this.binding, ctx);
  }
}

/** Chooses the zstd decoder at open time. */
export function chooseZstdBackend(choice: ZstdBackendChoice): { name: ZstdBackendName; create: DecoderFactory } | null {
  const napi = choice === 'fzstd' ? null : loadZstdNapi();
  if (napi) return { name: 'zstd-napi', create: () => new NapiSegmentDecoder(napi) };
  if (choice === 'native') return null;
  return { name: 'fzstd', create: () => new FzstdSegmentDecoder() };
}

/**
 * Fetches a body's verified bytes window by window (256 KiB each) as a view asks for more, so a 10 MiB body's
 * first screen needs only its first window. Structured views ask for everything up to a cap.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BodyKeyArg } from '../../../shared/contract.js';
import { client } from '../api/client.js';

export const WINDOW = 256 * 1024;
/** The SSE and MessagePack views decode at most this much. */
export const STRUCTURED_CAP = 4 * 1024 * 1024;
/** The JSON view builds its foldable lines in slices, so it takes more. */
export const JSON_CAP = 16 * 1024 * 1024;
/** A picture is made from at most this many verified bytes. */
export const IMAGE_CAP = 32 * 1024 * 1024;

export interface BodyBytes {
  readonly chunks: readonly Uint8Array[];
  readonly loaded: number;
  /** Stored bytes; null until the first window answers. */
  readonly total: number | null;
  readonly originalBytes: number | null;
  readonly truncated: boolean;
  readonly error: { code: string; message: string } | null;
  readonly busy: boolean;
  more(): void;
  /** Load the whole body (find searches all of it), window by window. */
  all(): void;
  /** Load at least the first `n` bytes (a hex row scrolled to). */
  upTo(n: number): void;
}

/** The platform's own decoder where it has one (Chromium 140+): a 1 MiB window in one native call, not a loop. */
const nativeFromBase64 = (Uint8Array as unknown as { fromBase64?: (s: string) => Uint8Array }).fromBase64;

function fromBase64(s: string): Uint8Array {
  if (nativeFromBase64) return nativeFromBase64(s);
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function useBodyBytes(evidenceId: string, key: BodyKeyArg, want: number): BodyBytes {
  const [state, setState] = useState<Omit<BodyBytes, 'more' | 'all' | 'upTo'>>({
    chunks: [],
    loaded: 0,
    total: null,
    originalBytes: null,
    truncated: false,
    error: null,
    busy: false,
  });
  const [target, setTarget] = useState(want);
  // The view may ask for more once it knows what the body is (the first window decides JSON, image or text).
  useEffect(() => setTarget((t) => Math.max(t, want)), [want]);
  const busy = useRef(false);
  // One hook instance serves one body: callers key the component by body (see EventView), so no reset is needed.
  const keyStr = `${evidenceId}/${key.eventId}/${key.sourceTable}/${key.direction}`;
  useEffect(() => {
    if (busy.current || state.error) return;
    if (state.total !== null && state.loaded >= state.total) return;
    if (state.loaded >= target && state.total !== null) return;
    busy.current = true;
    let live = true;
    void client
      .call('body.window', { evidenceId, key, offset: state.loaded, length: Math.min(1 << 20, Math.max(WINDOW, target - state.loaded)) })
      .then((r) => {
        busy.current = false;
        if (!live) return;
        if (!r.ok) return setState((s) => ({ ...s, error: r.error, busy: false }));
        const bytes = fromBase64(r.value.base64);
        setState((s) => ({
          chunks: [...s.chunks, bytes],
          loaded: s.loaded + bytes.length,
          total: r.value.storedBytes,
          originalBytes: r.value.originalBytes,
          truncated: r.value.truncated,
          error: null,
          busy: false,
        }));
      });
    return () => {
      live = false;
      busy.current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyStr names the body (evidence and key); a new body resets the state first
  }, [keyStr, state.loaded, state.total, target, state.error]);
  const more = useCallback(() => setTarget((t) => (state.loaded >= t ? t + WINDOW : t)), [state.loaded]);
  const all = useCallback(() => setTarget(Number.MAX_SAFE_INTEGER), []);
  const upTo = useCallback((n: number) => setTarget((t) => Math.max(t, n)), []);
  return { ...state, busy: busy.current, more, all, upTo };
}

export function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const n = chunks.reduce((a, c) => a + c.length, 0);
  const out = new Uint8Array(n);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

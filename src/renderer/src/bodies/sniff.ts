/**
 * Which view a body opens in, from its bytes as much as its claimed type: an image only when its magic bytes say
 * so (PNG, JPEG, GIF, WebP; never SVG, which is markup and shows as text), SSE / MessagePack / JSON by content
 * type, JSON also by its first character, hex for anything that is not text, else text.
 */
import type { BodyMode } from '../router.js';

export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp';

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0): boolean => sig.every((x, i) => b[at + i] === x);

/** The raster format the bytes are, by their signature; null for anything else (SVG included). */
export function imageKind(b: Uint8Array): ImageKind | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(b, [0x47, 0x49, 0x46, 0x38]) && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61) return 'gif';
  if (startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/** The MIME type an `<img>` is given for a verified kind (never the body's own claim). */
export const IMAGE_MIME: Record<ImageKind, string> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** The first non-blank byte opens an object or array. */
export function looksJson(b: Uint8Array): boolean {
  for (const x of b.subarray(0, 256)) {
    if (x === 0x20 || x === 0x09 || x === 0x0a || x === 0x0d) continue;
    return x === 0x7b || x === 0x5b;
  }
  return false;
}

const strict = new TextDecoder('utf-8', { fatal: true });

/**
 * Not text: a NUL, invalid UTF-8, or more than one in ten bytes a control character other than tab, LF, CR, FF and
 * ESC, in the first 8 KiB. A multi-byte character cut by that window's end is not counted against it.
 */
export function looksBinary(b: Uint8Array): boolean {
  let head = b.subarray(0, 8192);
  if (head.includes(0)) return true;
  let controls = 0;
  for (const x of head) if (x < 0x20 && x !== 0x09 && x !== 0x0a && x !== 0x0d && x !== 0x0c && x !== 0x1b) controls++;
  if (controls * 10 > head.length) return true;
  if (b.length > head.length) {
    // Drop a sequence cut at the window's end: back up over continuation bytes to its lead byte.
    let end = head.length;
    while (end > 0 && end > head.length - 4 && (head[end - 1]! & 0xc0) === 0x80) end--;
    if (end > 0 && head[end - 1]! >= 0xc0) end--;
    head = head.subarray(0, end);
  }
  try {
    strict.decode(head);
    return false;
  } catch {
    return true;
  }
}

/** The view a body opens in when none was chosen. `first`: its first bytes (null: not read yet). */
export function chooseMode(contentType: string | null, first: Uint8Array | null): BodyMode {
  if (first && imageKind(first)) return 'image';
  const ct = (contentType ?? '').toLowerCase();
  if (ct.includes('event-stream')) return 'sse';
  if (ct.includes('msgpack')) return 'msgpack';
  // One JSON document per line (NDJSON, JSON Lines, JSON text sequences) is read as the lines it is.
  if (/ndjson|jsonl|json-seq/.test(ct)) return looksBinary(first ?? new Uint8Array(0)) ? 'hex' : 'text';
  if (ct.includes('json')) return 'json';
  if (!first) return 'text';
  if (looksJson(first)) return 'json';
  return looksBinary(first) ? 'hex' : 'text';
}

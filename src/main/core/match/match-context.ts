// The few bytes around a match, decoded for showing. Lossy on purpose (invalid UTF-8 becomes U+FFFD, and a
// character cut at the window's edge too): the context is a pointer for the eye, the offset is the evidence.
import { MAX_MATCH_TEXT } from './grep-types.js';

const decoder = new TextDecoder('utf-8', { fatal: false });

export function matchContext(
  bytes: Uint8Array,
  offset: number,
  length: number,
  radius: number,
): { before: string; match: string; after: string } {
  const end = offset + length;
  return {
    before: decoder.decode(bytes.subarray(Math.max(0, offset - radius), offset)),
    match: decoder.decode(bytes.subarray(offset, Math.min(end, offset + MAX_MATCH_TEXT))),
    after: decoder.decode(bytes.subarray(end, Math.min(bytes.length, end + radius))),
  };
}

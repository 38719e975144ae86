import { fail, type Failure } from '../../../shared/errors.js';
import type { Segment, SegmentFailure } from './block-layout.js';
import { blake3Matches } from './blake3.js';
import { concatBytes, endsWith } from './bytes.js';
import { DEFLATE_SYNC_TAIL } from './constants.js';
import { inflateRaw, type InflateOutcome } from './inflate.js';

/** The verified prefix of a deflate block: `raw` holds exactly the bytes of the first `good` segments. */
export interface DecodedPrefix {
  readonly raw: Uint8Array;
  readonly good: number;
  readonly failure: SegmentFailure | null;
}

/**
 * Decodes a deflate (codec 1) block's segments with node:zlib, which has no synchronous
 * segment-by-segment inflater. Instead: inflate every structurally valid segment in one call (the happy
 * path, one pass), then hash each segment's slice. When the call fails, a binary search over segment
 * prefixes (inflate errors are monotone in the input prefix) finds the last prefix that inflates, so bodies
 * wholly inside earlier good segments still verify (docs/formats/ledger-format.md#which-bodies-fail).
 *
 * Stream-end rules (docs/formats/ledger-format.md#codecs): a FINAL segment must end the stream with no trailing bytes
 * (Z_FINISH succeeds and consumes everything); a non-final segment must not end it (bytes left unconsumed, or
 * Z_FINISH on a prefix ending at a non-final segment succeeding, are both refused).
 *
 * Limit: per-segment boundaries inside one inflate call are checked through the segment hashes and the
 * sync-flush tails, not by observing the inflater after each segment. Only an archive forged with hashes
 * computed over shifted boundaries could tell the difference; its bytes still pass both hash levels.
 */
export function decodeDeflateSegments(segments: readonly Segment[], structural: SegmentFailure | null, where: string): DecodedPrefix {
  const bad = (s: Segment, code: Failure['code'], why: string): SegmentFailure => ({
    index: s.index,
    failure: fail(code, `segment at offset ${s.at} in ${where} ${why}`),
  });
  let preFailure: SegmentFailure | null = structural && structural.index === segments.length ? structural : null;
  let m = segments.length;
  for (const s of segments) {
    if (!s.final && !endsWith(s.payload, DEFLATE_SYNC_TAIL)) {
      m = s.index;
      preFailure = bad(s, 'BAD_SEGMENT', 'is bad: a non-final deflate segment must end with the sync-flush tail 00 00 FF FF');
      break;
    }
  }
  const rawCum = [0];
  const compCum = [0];
  for (let j = 0; j < m; j++) {
    const s = segments[j] as Segment;
    rawCum.push((rawCum[j] ?? 0) + s.rawLen);
    compCum.push((compCum[j] ?? 0) + s.compLen);
  }
  const done = (good: number, raw: Uint8Array, failure: SegmentFailure | null): DecodedPrefix => ({
    raw: raw.subarray(0, rawCum[good] ?? 0),
    good,
    failure,
  });
  if (m === 0) return done(0, new Uint8Array(0), preFailure);

  const cap = rawCum[m] ?? 0;
  const input = concatBytes(segments.slice(0, m).map((s) => s.payload));
  const last = segments[m - 1] as Segment;
  let decodedCount = m;
  let finalUnended = false;
  let attempt: InflateOutcome = inflateRaw(input, cap, last.final);
  if (attempt.kind === 'unended') {
    finalUnended = true;
    attempt = inflateRaw(input, cap, false);
  }
  let prefixError: InflateOutcome | null = null;
  if (attempt.kind !== 'ok') {
    prefixError = attempt;
    const found = lastInflatablePrefix(input, compCum, m, cap);
    decodedCount = found.count;
    attempt = found.outcome;
  }
  if (attempt.kind !== 'ok')
    return done(0, new Uint8Array(0), bad(segments[0] as Segment, 'INTERNAL', 'could not be inflated even as an empty prefix'));
  const { out, consumed } = attempt;

  for (let j = 0; j < decodedCount; j++) {
    const s = segments[j] as Segment;
    const end = compCum[j + 1] ?? 0;
    if (consumed < end) {
      if (j > 0 && consumed === compCum[j]) {
        return done(
          j - 1,
          out,
          bad(segments[j - 1] as Segment, 'DECODE_FAILED', 'did not inflate: it ends the deflate stream but is not FINAL'),
        );
      }
      return done(
        j,
        out,
        bad(s, 'DECODE_FAILED', `did not inflate: the deflate stream ends ${end - consumed} bytes before the end of the segment`),
      );
    }
    const rawEnd = rawCum[j + 1] ?? 0;
    if (out.length < rawEnd) {
      return done(
        j,
        out,
        bad(
          s,
          'SEGMENT_HASH_MISMATCH',
          `fails its integrity check: it decodes to ${out.length - (rawCum[j] ?? 0)} bytes, its header says ${s.rawLen}`,
        ),
      );
    }
    if (j === decodedCount - 1 && out.length > rawEnd) {
      return done(j, out, bad(s, 'DECODED_TOO_LARGE', `decodes to more than the ${s.rawLen} bytes its header declares`));
    }
    if (!blake3Matches(out.subarray(rawCum[j] ?? 0, rawEnd), s.hash)) {
      return done(j, out, bad(s, 'SEGMENT_HASH_MISMATCH', 'does not match its segment hash'));
    }
  }
  if (prefixError && decodedCount < m) {
    const s = segments[decodedCount] as Segment;
    if (prefixError.kind === 'too-large')
      return done(
        decodedCount,
        out,
        bad(
          s,
          'DECODED_TOO_LARGE',
          `decodes to more than the ${s.rawLen} bytes its header declares (stopped at the block's declared size)`,
        ),
      );
    const msg = prefixError.kind === 'error' ? prefixError.message : 'unexpected inflate state';
    return done(decodedCount, out, bad(s, 'DECODE_FAILED', `did not inflate: ${msg}`));
  }
  if (finalUnended) return done(m - 1, out, bad(last, 'DECODE_FAILED', 'did not inflate: it is FINAL but does not end the deflate stream'));
  if (!last.final && inflateRaw(input, cap, true).kind === 'ok') {
    return done(m - 1, out, bad(last, 'DECODE_FAILED', 'did not inflate: it ends the deflate stream but is not FINAL'));
  }
  if (structural && structural.index === m - 1) return done(m - 1, out, structural);
  return done(m, out, preFailure);
}

/** Binary search for the longest segment prefix that inflates without error (monotone in the prefix). */
function lastInflatablePrefix(
  input: Uint8Array,
  compCum: readonly number[],
  m: number,
  cap: number,
): { count: number; outcome: InflateOutcome } {
  let lo = 0;
  let hi = m - 1;
  // Invariant: prefix `lo` inflates (the empty prefix trivially), prefix m does not.
  let best: InflateOutcome = { kind: 'ok', out: new Uint8Array(0), consumed: 0 };
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const r = inflateRaw(input.subarray(0, compCum[mid] ?? 0), cap, false);
    if (r.kind === 'ok') {
      lo = mid;
      best = r;
    } else hi = mid - 1;
  }
  return { count: lo, outcome: best };
}

// The one split of body failures: the archive could not produce the bytes (unreadable) or the bytes are wrong
// (failed). Tallies and merged parts keep both counts exact past the listing cap, and the contract's three
// counts are disjoint.
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../../src/shared/errors.js';
import type { ErrorCode } from '../../../../src/shared/errors.js';
import { FailureTally, bodyFailureKind, disjointCounts, mergeParts } from '../../../../src/main/core/jobs/body-failure.js';

const UNREADABLE: ErrorCode[] = [
  'BLOCK_NOT_RECORDED',
  'ARCHIVE_MISSING',
  'BODIES_UNAVAILABLE',
  'INDEX_PAST_END',
  'TRUNCATED_BLOCK',
  'SPAN_OUT_OF_RANGE',
  'BAD_FILE_HEADER',
  'COMMITTED_EXTENT',
  'ARCHIVE_IDENTITY_MISMATCH',
  'BAD_BLOCK_HEADER',
  'UNSUPPORTED_CODEC',
];
const f = (id: string, code: ErrorCode) => ({ eventId: id, sourceTable: 'net_events', direction: 'response', code, message: `row ${id}` });

describe('body failure kinds', () => {
  it('archive-could-not-produce codes are unreadable; wrong bytes and everything else are failed', () => {
    expect(ERROR_CODES.filter((c) => bodyFailureKind(c) === 'unreadable').sort()).toEqual([...UNREADABLE].sort());
    for (const c of [
      'BODY_HASH_MISMATCH',
      'SEGMENT_HASH_MISMATCH',
      'DECODE_FAILED',
      'DECODED_TOO_LARGE',
      'BAD_SEGMENT',
      'INTERNAL',
    ] as const) {
      expect(bodyFailureKind(c), c).toBe('failed');
    }
  });

  it('a tally counts unreadable bodies within failed, past the listing cap', () => {
    const t = new FailureTally(1);
    t.verified = 4;
    t.fail(f('a', 'BODY_HASH_MISMATCH'));
    t.fail(f('b', 'TRUNCATED_BLOCK'));
    t.fail(f('c', 'BLOCK_NOT_RECORDED'));
    const r = t.result();
    expect([r.failed, r.unreadable, r.failures.length, r.failuresOmitted]).toEqual([3, 2, 1, 2]);
    expect(disjointCounts(r)).toEqual({ verified: 4, failed: 1, unreadable: 2 });
  });

  it('merging parts keeps both counts exact whatever was listed', () => {
    const a = {
      verified: 5,
      failed: 3,
      unreadable: 2,
      unhashed: 0,
      bytes: 10,
      failures: [f('a', 'INDEX_PAST_END'), f('b', 'DECODE_FAILED')],
      failuresOmitted: 1,
    };
    const b = { verified: 1, failed: 2, unreadable: 1, unhashed: 0, bytes: 5, failures: [f('c', 'ARCHIVE_MISSING')], failuresOmitted: 1 };
    const m = mergeParts([a, b], 2);
    expect([m.verified, m.failed, m.unreadable]).toEqual([6, 5, 3]);
    expect(m.failures.map((x) => x.eventId)).toEqual(['a', 'b']);
    const d = disjointCounts(m);
    expect(d.verified + d.failed + d.unreadable).toBe(11);
  });
});

// hunt's text says a session's failed bodies once per cause, as check does: one damaged segment is one line.
import { describe, expect, it } from 'vitest';
import { damagedHuntLines } from '../../../src/cli/text/hunt-lines.js';
import { styleFor } from '../../../src/cli/text/style.js';
import type { BodyFailure } from '../../../src/main/core/jobs/verify-types.js';

const segment = 'segment 3 of block 1 in session.bodies/g-1.cbl: its BLAKE3 does not match';
const inSegment = (eventId: string): BodyFailure =>
  ({
    eventId,
    sourceTable: 'http_events',
    direction: 'response',
    code: 'SEGMENT_HASH_MISMATCH',
    message: `body (event_id=${eventId}, source_table=http_events, direction=response) cannot be read: ${segment}`,
  }) as BodyFailure;
const ownHash = {
  eventId: 'e9',
  sourceTable: 'exec_events',
  direction: 'stdout',
  code: 'BODY_HASH_MISMATCH',
  message: 'the body read back does not match its BLAKE3',
} as BodyFailure;

describe('damagedHuntLines', () => {
  it('groups bodies one damaged segment takes down, and keeps a body of its own cause on its own line', () => {
    const text = damagedHuntLines([inSegment('e1'), ownHash, inSegment('e2'), inSegment('e3')], styleFor(false));
    expect(text.split('\n').filter(Boolean)).toEqual([
      `  DAMAGED: failed verification, not searched: 3 bodies, one cause (SEGMENT_HASH_MISMATCH): ${segment}`,
      '    e1 http_events/response',
      '    e2 http_events/response',
      '    e3 http_events/response',
      '  e9 exec_events/stdout  DAMAGED: failed verification, not searched (BODY_HASH_MISMATCH): the body read back does not match its BLAKE3',
    ]);
  });
});

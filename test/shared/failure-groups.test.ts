// Failed bodies grouped by their cause: one damaged segment is one group with every body it takes down.
import { describe, expect, it } from 'vitest';
import { causeOf, groupFailures } from '../../src/shared/failure-groups.js';
import type { BodyFailure } from '../../src/main/core/jobs/verify-types.js';

const seg = (eventId: string, direction: string, offset: number): BodyFailure => ({
  eventId,
  sourceTable: 'net_events',
  direction,
  code: 'SEGMENT_HASH_MISMATCH',
  message: `body (event_id=${eventId}, source_table=net_events, direction=${direction}) cannot be read: segment at offset ${offset} in block at offset 80 of /x.cbl does not match its segment hash`,
});
const own: BodyFailure = {
  eventId: 'e9',
  sourceTable: 'exec_events',
  direction: 'stdout',
  code: 'BODY_HASH_MISMATCH',
  message:
    'body (event_id=e9, source_table=exec_events, direction=stdout) at raw offset 3 of block at offset 80 in /x.cbl: the body read there does not match the row that named it (blake3:00)',
};

describe('groupFailures', () => {
  it('puts the bodies of one damaged segment under it, keeps other segments and own-body failures apart', () => {
    const groups = groupFailures([
      seg('e1', 'request', 825),
      own,
      seg('e1', 'response', 825),
      seg('e2', 'request', 825),
      seg('e3', 'request', 999),
    ]);
    expect(groups.map((g) => [g.code, g.bodies.map((b) => `${b.eventId}/${b.direction}`)])).toEqual([
      ['SEGMENT_HASH_MISMATCH', ['e1/request', 'e1/response', 'e2/request']],
      ['BODY_HASH_MISMATCH', ['e9/stdout']],
      ['SEGMENT_HASH_MISMATCH', ['e3/request']],
    ]);
    expect(groups[0]!.cause).toBe('segment at offset 825 in block at offset 80 of /x.cbl does not match its segment hash');
    expect(causeOf(own)).toBeNull();
  });
});

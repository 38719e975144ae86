// A call is joined to a change by the ids both carry, never by time: same trace unless their turns differ, or same
// turn unless their traces differ.
import { describe, expect, it } from 'vitest';
import { callJoinsRow, causeOf } from '../../../../src/main/core/file-history/causes.js';
import type { JoinedCall } from '../../../../src/main/core/file-history/joined-calls.js';

const call = (traceId: string | null, turnId: string | null, namedIn: JoinedCall['namedIn'] = 'arguments'): JoinedCall => ({
  rowId: 1,
  callId: 'c',
  toolName: 'Write',
  eventId: null,
  traceId,
  turnId,
  namedIn,
});

describe('causes', () => {
  it('joins by trace, by turn, and refuses when the other id disagrees', () => {
    expect(callJoinsRow({ traceId: 'T', turnId: 'U' }, call('T', 'U'))).toBe(true);
    expect(callJoinsRow({ traceId: 'T', turnId: 'U' }, call('T', null))).toBe(true);
    expect(callJoinsRow({ traceId: 'T', turnId: 'U' }, call('T', 'V'))).toBe(false);
    expect(callJoinsRow({ traceId: null, turnId: 'U' }, call(null, 'U'))).toBe(true);
    expect(callJoinsRow({ traceId: 'T', turnId: 'U' }, call('S', 'U'))).toBe(false);
    expect(callJoinsRow({ traceId: 'T', turnId: null }, call('S', null))).toBe(false);
  });

  it('tool call when a joined call names the path, same trace when none does, not recorded without ids', () => {
    expect(causeOf({ traceId: 'T', turnId: null }, [call('T', null)]).cause).toBe('tool-call');
    expect(causeOf({ traceId: 'T', turnId: null }, [call('T', null, null)]).cause).toBe('same-trace');
    expect(causeOf({ traceId: 'T', turnId: null }, []).cause).toBe('same-trace');
    expect(causeOf({ traceId: null, turnId: null }, [call(null, null)])).toEqual({ cause: 'not-recorded', calls: [] });
  });
});

// toFailure turns anything thrown into a Failure with a code from the closed set.
import { describe, expect, it } from 'vitest';
import { InspectorError, toFailure } from '../../src/shared/errors.js';

describe('toFailure', () => {
  it('keeps an InspectorError and an object carrying a known code', () => {
    expect(toFailure(new InspectorError('HOT_JOURNAL', 'a hot journal'))).toEqual({ code: 'HOT_JOURNAL', message: 'a hot journal' });
    expect(toFailure({ code: 'CANCELLED', message: 'stop' })).toEqual({ code: 'CANCELLED', message: 'stop' });
  });

  it('gives INTERNAL for anything else (SQLite errors are classified where the file is known: sqliteFailure)', () => {
    expect(toFailure(new Error('boom'))).toEqual({ code: 'INTERNAL', message: 'boom' });
    expect(toFailure(Object.assign(new Error('malformed'), { code: 'SQLITE_CORRUPT' })).code).toBe('INTERNAL');
  });
});

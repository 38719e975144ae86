// toFailure turns anything thrown into a Failure with a code from the closed set.
import { describe, expect, it } from 'vitest';
import { InspectorError, toFailure } from '../../src/shared/errors.js';

const sqliteError = (code: string, message: string): Error => Object.assign(new Error(message), { code });

describe('toFailure', () => {
  it('keeps an InspectorError and an object carrying a known code', () => {
    expect(toFailure(new InspectorError('HOT_JOURNAL', 'a hot journal'))).toEqual({ code: 'HOT_JOURNAL', message: 'a hot journal' });
    expect(toFailure({ code: 'CANCELLED', message: 'stop' })).toEqual({ code: 'CANCELLED', message: 'stop' });
  });

  it('names SQLite page damage DB_CORRUPT (plain and extended codes), and nothing else', () => {
    for (const code of ['SQLITE_CORRUPT', 'SQLITE_CORRUPT_INDEX', 'SQLITE_CORRUPT_VTAB', 'SQLITE_NOTADB']) {
      const f = toFailure(sqliteError(code, 'database disk image is malformed'));
      expect(f.code, code).toBe('DB_CORRUPT');
      expect(f.message).toContain(code);
      expect(f.message).toContain('database disk image is malformed');
    }
    for (const code of ['SQLITE_CORRUPTED_NOT', 'SQLITE_BUSY', 'SQLITE_ERROR']) expect(toFailure(sqliteError(code, 'x')).code, code).toBe('INTERNAL');
    expect(toFailure(new Error('boom'))).toEqual({ code: 'INTERNAL', message: 'boom' });
  });
});

// Columns hidden by name are hidden by place, every column of that name (SQL results may repeat a name).
import { describe, expect, it } from 'vitest';
import { visibilityByPlace } from '../../../src/renderer/src/components/grid-visibility.js';

describe('visibilityByPlace', () => {
  it('hides every column of a hidden name and leaves the rest to the default', () => {
    const cols = [{ name: 'a' }, { name: 'b' }, { name: 'a' }];
    expect(visibilityByPlace(cols, { a: false, c: false })).toEqual({ '0': false, '2': false });
    expect(visibilityByPlace(cols, undefined)).toEqual({});
  });
});

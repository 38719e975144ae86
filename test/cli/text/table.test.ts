// One table renderer for every command: alignment, colour outside the measured widths, the report's layout.
import { describe, expect, it } from 'vitest';
import { formatTable, reportTable } from '../../../src/cli/text/table.js';
import { styleFor } from '../../../src/cli/text/style.js';

describe('formatTable', () => {
  it('aligns columns two spaces apart under a rule, right-aligning where asked, trailing blanks trimmed', () => {
    const text = formatTable(
      [{ header: 'id', align: 'right' }, { header: 'name' }],
      [
        ['7', 'alpha'],
        ['12', 'b'],
      ],
    );
    expect(text).toBe('id  name\n--  -----\n 7  alpha\n12  b\n');
  });

  it('paints padded body cells only, so colour never shifts a column', () => {
    const paint = (t: string, r: number, c: number): string => (r === 0 && c === 0 ? `<${t}>` : t);
    expect(
      formatTable(
        [{ header: 'a' }, { header: 'b' }],
        [
          ['x', 'y'],
          ['xyz', 'w'],
        ],
        { paint },
      ),
    ).toBe('a    b\n---  -\n<x  >  y\nxyz  w\n');
  });

  it('indents outside the line wrappers', () => {
    const look = { indent: '> ', header: (l: string) => `[${l}]`, rule: (l: string) => `{${l}}`, row: (l: string) => `(${l})` };
    expect(formatTable([{ header: 'h' }], [['v']], look)).toBe('> [h]\n> {-}\n> (v)\n');
  });
});

describe('reportTable', () => {
  it('says (empty) without rows', () => {
    expect(reportTable(styleFor(true), ['a'], [])).toBe('  (empty)\n');
  });

  it('right-aligns columns of numbers and NULLs, shows NULL as blank, bold header and dim rule and rows on a TTY', () => {
    const text = reportTable(
      styleFor(true),
      ['name', 'n'],
      [
        ['a', 1],
        ['bb', null],
      ],
    );
    expect(text).toBe('  \u001b[1mname  n\u001b[0m\n  \u001b[2m----  -\u001b[0m\n  \u001b[2ma     1\u001b[0m\n  \u001b[2mbb\u001b[0m\n');
  });
});

// The notable set on disk: saved, listed and removed as written; a write leaves no temporary file behind; a file
// that is not exactly a notable set (cut short, bad JSON, an indicator the hunt cannot run, a newer version) is
// refused by name, and neither add nor remove writes over it.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addNotable, listNotable, removeNotable } from '../../../../src/main/core/notable/notable-edit.js';
import { notableText, readNotableFile, writeNotableFile } from '../../../../src/main/core/notable/notable-file.js';
import type { NotableSet } from '../../../../src/main/core/notable/notable-format.js';
import { defaultNotablePath } from '../../../../src/main/core/notable/notable-location.js';
import type { ErrorCode } from '../../../../src/shared/errors.js';

const root = mkdtempSync(join(tmpdir(), 'notable-file-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function refusal(fn: () => unknown): ErrorCode | 'none' {
  try {
    fn();
    return 'none';
  } catch (e) {
    return (e as { code: ErrorCode }).code;
  }
}

const NOW = new Date('2026-03-02T14:50:40.000Z');

describe('the notable set', () => {
  it('saves, lists and removes entries, creating the file with its header on the first save', () => {
    const path = join(mkdtempSync(join(root, 'edit-')), 'set.capsem-notable');
    expect(readNotableFile(path)).toBeNull();
    expect(listNotable(path)).toEqual([]);
    addNotable(
      path,
      'c2-beacon',
      [
        { kind: 'domain', value: 'evil.example' },
        { kind: 'fixed', value: 'BEACON', ignoreCase: true },
      ],
      NOW,
    );
    addNotable(path, 'curl', [{ kind: 'process', value: 'curl' }], NOW);
    const set = readNotableFile(path)!;
    expect(set.header).toMatchObject({ format: 'capsem-inspect-notable', version: 1, createdAt: NOW.toISOString() });
    expect(set.entries.map((e) => e.name)).toEqual(['c2-beacon', 'curl']);
    expect(set.entries[0]!.indicators).toEqual([
      { kind: 'domain', value: 'evil.example' },
      { kind: 'fixed', value: 'BEACON', ignoreCase: true },
    ]);
    expect(readFileSync(path, 'utf8').split('\n')).toHaveLength(4);
    expect(refusal(() => addNotable(path, 'curl', [{ kind: 'process', value: 'wget' }]))).toBe('BAD_REQUEST');
    expect(refusal(() => addNotable(path, 'bad name', [{ kind: 'process', value: 'wget' }]))).toBe('BAD_REQUEST');
    expect(refusal(() => addNotable(path, 'bad-ip', [{ kind: 'ip', value: 'not-an-ip' }]))).toBe('BAD_REQUEST');
    expect(refusal(() => addNotable(path, 'bad-regex', [{ kind: 'regex', value: '(a' }]))).toBe('BAD_PATTERN');
    expect(refusal(() => addNotable(path, 'none', []))).toBe('BAD_REQUEST');
    expect(removeNotable(path, 'c2-beacon').name).toBe('c2-beacon');
    expect(listNotable(path).map((e) => e.name)).toEqual(['curl']);
    expect(refusal(() => removeNotable(path, 'c2-beacon'))).toBe('NOT_FOUND');
  });

  it('writes atomically: only the set is left in its folder, and a failed write leaves the old file whole', () => {
    const folder = mkdtempSync(join(root, 'atomic-'));
    const path = join(folder, 'set.capsem-notable');
    addNotable(path, 'one', [{ kind: 'secrets' }], NOW);
    addNotable(path, 'two', [{ kind: 'path', value: '/etc/**' }], NOW);
    expect(readdirSync(folder)).toEqual(['set.capsem-notable']);
    const before = readFileSync(path);
    // A folder where the set should be: the rename fails after the temporary file was written beside it.
    mkdirSync(join(folder, 'in-the-way'));
    const set: NotableSet = readNotableFile(path)!;
    expect(() => writeNotableFile(join(folder, 'in-the-way'), set)).toThrow();
    expect(readdirSync(folder).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    expect(readFileSync(path)).toEqual(before);
  });

  const good = notableText({
    header: { format: 'capsem-inspect-notable', version: 1, createdAt: NOW.toISOString(), createdBy: 'test 1' },
    entries: [{ name: 'n1', createdAt: NOW.toISOString(), indicators: [{ kind: 'domain', value: 'evil.example' }] }],
  });
  const [headerLine, entryLine] = good.split('\n');
  it.each([
    ['a line cut short', good.slice(0, -5), 'NOTABLE_DAMAGED', /line 2: the last line is not ended/],
    ['no header', entryLine + '\n', 'NOTABLE_DAMAGED', /line 1: the first line is not a capsem-inspect-notable header/],
    ['bad JSON', headerLine + '\n{"name":\n', 'NOTABLE_DAMAGED', /line 2: it is not JSON/],
    ['an unknown field', headerLine + '\n' + entryLine!.replace('{', '{"colour":"red",') + '\n', 'NOTABLE_DAMAGED', /unknown field colour/],
    [
      'a regex the hunt cannot run',
      headerLine + '\n' + entryLine!.replace(/"kind":"domain","value":"evil.example"/, '"kind":"regex","value":"(a"') + '\n',
      'NOTABLE_DAMAGED',
      /line 2/,
    ],
    ['a name saved twice', good + entryLine + '\n', 'NOTABLE_DAMAGED', /line 3: the name n1 is used twice/],
    [
      'a newer version',
      good.replace('"version":1', '"version":2'),
      'NOTABLE_TOO_NEW',
      /is too new: it is version 2; this build reads up to version 1/,
    ],
  ] as const)('refuses %s by name, and add and remove leave it byte for byte', (_name, text, code, sentence) => {
    const path = join(root, `damaged-${Math.random().toString(16).slice(2)}.capsem-notable`);
    writeFileSync(path, text);
    const before = readFileSync(path);
    expect(refusal(() => readNotableFile(path))).toBe(code);
    expect(() => readNotableFile(path)).toThrow(sentence);
    expect(refusal(() => addNotable(path, 'more', [{ kind: 'process', value: 'curl' }]))).toBe(code);
    expect(refusal(() => removeNotable(path, 'n1'))).toBe(code);
    expect(readFileSync(path)).toEqual(before);
  });

  it("is kept by default in the desktop app's data folder", () => {
    expect(defaultNotablePath({ HOME: '/home/u' }, 'linux')).toBe('/home/u/.config/Capsem Ledger Inspector/notable.capsem-notable');
    expect(defaultNotablePath({ HOME: '/home/u', XDG_CONFIG_HOME: '/cfg' }, 'linux')).toBe(
      '/cfg/Capsem Ledger Inspector/notable.capsem-notable',
    );
    expect(defaultNotablePath({ HOME: '/Users/u' }, 'darwin')).toBe(
      '/Users/u/Library/Application Support/Capsem Ledger Inspector/notable.capsem-notable',
    );
    expect(defaultNotablePath({}, 'linux')).toBeNull();
  });
});

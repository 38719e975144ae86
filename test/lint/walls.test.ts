/**
 * Every wall eslint.config.js holds is proven here: each fixture under fixtures/ breaks one rule (or, named
 * `allowed-*`, keeps inside the walls) and says so in its header. Each is linted with the project's own config as if
 * it lived at its `lint-as` path (fixtures without one, the import cycle, are linted where they are), and exactly the
 * rules it names must fire. `npm run lint` itself ignores fixtures/.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const FIXTURES = join(import.meta.dirname, 'fixtures');

interface Fixture {
  readonly file: string;
  readonly text: string;
  readonly lintAs: string;
  readonly expect: readonly string[];
  readonly says: string | null;
}

function fixtures(dir: string): Fixture[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name): Fixture[] => {
      const file = join(dir, name);
      if (statSync(file).isDirectory()) return fixtures(file);
      const text = readFileSync(file, 'utf8');
      const header = (key: string): string | null => new RegExp(`^// ${key}: (.*)$`, 'm').exec(text)?.[1]?.trim() ?? null;
      const expected = header('expect');
      if (expected === null) throw new Error(`${file}: no "// expect:" line`);
      return [
        {
          file,
          text,
          lintAs: header('lint-as') ?? relative(ROOT, file),
          expect: expected === 'nothing' ? [] : expected.split(/\s+/),
          says: header('says'),
        },
      ];
    });
}

const all = fixtures(FIXTURES);
// ignore: false, so fixtures/ (ignored by `npm run lint`) is linted here.
const eslint = new ESLint({ cwd: ROOT, ignore: false });

describe('lint walls (eslint.config.js)', () => {
  it('has a fixture refused by each rule the config adds', () => {
    const proven = new Set(all.flatMap((f) => f.expect));
    for (const rule of [
      'house/rooms',
      'house/no-import-cycle',
      'house/room-order',
      'house/no-facade',
      'no-restricted-imports',
      'no-restricted-syntax',
      'no-restricted-globals',
      'max-lines',
      'react-hooks/rules-of-hooks',
      'react-hooks/exhaustive-deps',
    ])
      expect(proven).toContain(rule);
  });

  it('`npm run lint` ignores the fixtures', async () => {
    expect(await new ESLint({ cwd: ROOT }).isPathIgnored(join(FIXTURES, 'core-imports-electron.ts'))).toBe(true);
  });

  it("the worker runtime's own files keep inside its wall (they import only core/workers and shared)", async () => {
    const files = readdirSync(join(ROOT, 'src/main/core/workers')).map((name) => join(ROOT, 'src/main/core/workers', name));
    // The host, its client, the relays and the pre-started pool live here, not in core/jobs.
    for (const name of ['background-host.ts', 'background-host-client.ts', 'host-protocol.ts', 'relayed-worker.ts', 'hosted-workers.ts'])
      expect(files).toContain(join(ROOT, 'src/main/core/workers', name));
    const results = await eslint.lintFiles(files);
    expect(results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'house/rooms').map((m) => `${r.filePath}: ${m.message}`))).toEqual(
      [],
    );
  });

  it.each(all.map((f) => [relative(FIXTURES, f.file), f] as const))('%s', async (_name, f) => {
    const [result] = await eslint.lintText(f.text, { filePath: join(ROOT, f.lintAs) });
    const fired = [...new Set(result!.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`))].sort();
    expect(fired).toEqual([...f.expect].sort());
    if (f.says) expect(result!.messages.map((m) => m.message).join('\n')).toContain(f.says);
  });
});

// capsem-inspect grep's progress line: drawn on stderr only when stderr is a terminal (a real pseudo-terminal made by
// util-linux `script`), redrawn in place and cleared before each match line and at the end, so the terminal keeps only
// the matches; never written when stderr is a pipe.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentBody } from '../../fixtures/writer/content-types.js';
import { writeLedger, type WrittenLedger } from '../../fixtures/writer/ledger-writer.js';

const NEEDLE = 'progress-needle-5e1a';
const CLEAR = '\r\u001b[K';
const root = mkdtempSync(join(tmpdir(), 'cli-grep-progress-'));
const bin = join(process.cwd(), 'bin/capsem-inspect.js');
// Always the sources (a build in build/node must never stand in for the code under test); no colour codes.
const env = { ...process.env, CAPSEM_INSPECT_FROM_SOURCE: '1', NO_COLOR: '1' };
let ledger: WrittenLedger;

function plant(b: ContentBody): Uint8Array {
  if (b.contentType?.includes('msgpack') || b.key.direction !== 'request') return b.bytes;
  return Buffer.concat([b.bytes, Buffer.from(NEEDLE)]);
}

beforeAll(async () => {
  ledger = await writeLedger(root, { generation: 'A4', seed: 3, sessionId: '20260302-150000-gp00', plant });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const PROGRESS = /grep: [\d,]+ of ([\d,]+) bodies verified \([\d.]+ [KMG]iB of [\d.]+ [KMG]iB\)(, [\d,]+ failed)?; [\d,]+ match(es)?/g;

describe('capsem-inspect grep progress', () => {
  it.runIf(existsSync('/usr/bin/script'))(
    'in a pseudo-terminal: a progress line on stderr, cleared before every match and at the end',
    () => {
      const command = `node ${bin} grep -F ${NEEDLE} ${ledger.sessionDir} --workers 1; echo "exit=$?"`;
      const shown = execFileSync('script', ['-q', '-e', '-c', command, '/dev/null'], { env }).toString('utf8');
      expect(shown).toContain('exit=0');
      const lines = [...shown.matchAll(PROGRESS)];
      expect(lines.length).toBeGreaterThan(0);
      // The totals it names are the ledger's bodies.
      expect(lines.every((m) => m[1]!.replace(/,/g, '') === String(ledger.bodies.length))).toBe(true);
      // Every match line the pipe gets is on the terminal too, each on a line of its own once the clears are taken off:
      // the progress text is never glued to a match.
      const piped = spawnSync('node', [bin, 'grep', '-F', NEEDLE, ledger.sessionDir, '--workers', '1'], { env });
      const expected = piped.stdout.toString('utf8').split('\n').filter(Boolean).sort();
      expect(expected.length).toBeGreaterThan(0);
      const onScreen = shown
        .split('\n')
        // What a terminal shows of a line: the text after its last carriage return (every draw and clear erases to
        // the end of the line), without the erase codes.
        .map((l) => l.replace(/\r$/, '').split('\r').pop()!.split('\u001b[K').join(''))
        .filter((l) => /^[0-9a-f]{12} /.test(l))
        .sort();
      expect(onScreen).toEqual(expected);
      // The last progress text is followed by the clear, and nothing of it is left after the summary.
      const last = shown.lastIndexOf('bodies verified (');
      expect(shown.indexOf(CLEAR, last)).toBeGreaterThan(last);
      const summary = shown.indexOf('searched ');
      expect(summary).toBeGreaterThan(last);
    },
  );

  it('with stderr a pipe: no progress line and no terminal codes', () => {
    const r = spawnSync('node', [bin, 'grep', '-F', NEEDLE, ledger.sessionDir, '--workers', '1'], { env });
    expect(r.status).toBe(0);
    const err = r.stderr.toString('utf8');
    expect(err).toContain('searched ');
    expect(err).not.toMatch(PROGRESS);
    expect(err).not.toContain('\r');
    expect(err).not.toContain('\u001b');
    expect(r.stdout.toString('utf8')).toContain('/request ');
  });
});

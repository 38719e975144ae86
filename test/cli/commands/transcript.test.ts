// capsem-inspect transcript: stdout or a file (never inside the evidence), the three formats, named refusals.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { run } from '../../../src/cli/commands/transcript.js';
import { captureIo } from '../../../src/cli/io.js';
import { writeLedger, type WrittenLedger } from '../../fixtures/writer/ledger-writer.js';

let root: string;
let w: WrittenLedger;
let out: string;
let trace: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cli-transcript-'));
  w = await writeLedger(join(root, 'ledgers'), { generation: 'A4' });
  out = join(root, 'out');
  mkdirSync(out);
  const db = new Database(w.dbPath, { readonly: true });
  trace = (db.prepare('SELECT trace_id AS t FROM model_calls ORDER BY id LIMIT 1').get() as { t: string }).t;
  db.close();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('transcript', () => {
  test('Markdown on stdout by default: the trace, its turns and its model calls', async () => {
    const io = captureIo();
    expect(await run([w.sessionDir, '--trace', trace], io)).toBe(0);
    expect(io.out.startsWith(`# Transcript of trace \`${trace}\``)).toBe(true);
    expect(io.out).toContain('### `turn');
    expect(io.out).toContain('**model call** ');
    expect(io.err).toBe('');
  });

  test('-o writes the file whole (HTML) and says so; JSON lines parse', async () => {
    const io = captureIo();
    const file = join(out, 't.html');
    expect(await run([w.sessionDir, '--format', 'html', '-o', file], io)).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^<!doctype html>[\s\S]*<\/html>\n$/);
    expect(io.err).toMatch(/^wrote \d+ lines to /);
    expect(readdirSync(out)).toEqual(['t.html']);
    const json = captureIo();
    expect(await run([w.sessionDir, '--format', 'json'], json)).toBe(0);
    expect(
      json.out
        .trimEnd()
        .split('\n')
        .every((l) => typeof JSON.parse(l) === 'object'),
    ).toBe(true);
  });

  test('refuses a destination inside the evidence folder, an unknown trace, a bad format', async () => {
    const inside = captureIo();
    expect(await run([w.sessionDir, '-o', join(w.sessionDir, 'story.md')], inside)).toBe(1);
    expect(inside.err).toMatch(/EXPORT_DESTINATION: .*inside the evidence folder/);
    expect(existsSync(join(w.sessionDir, 'story.md'))).toBe(false);
    const unknown = captureIo();
    expect(await run([w.sessionDir, '--trace', 'trace-nope', '-o', join(out, 'nope.md')], unknown)).toBe(1);
    expect(unknown.err).toMatch(/BAD_REQUEST: no model call, tool call or tool response carries trace_id trace-nope/);
    expect(existsSync(join(out, 'nope.md'))).toBe(false);
    expect(readdirSync(out).filter((n) => n.includes('partial'))).toEqual([]);
    const bad = captureIo();
    expect(await run([w.sessionDir, '--format', 'pdf'], bad)).toBe(2);
    expect(bad.err).toContain('--format must be md, html or json, not "pdf"');
  });

  test('interrupted: exit 130, no file and no half file left behind', async () => {
    const io = captureIo();
    const before = process.listenerCount('SIGINT');
    const done = run([w.sessionDir, '-o', join(out, 'stopped.md')], io);
    // Ctrl-C, as the terminal sends it, once the command listens for it (from the moment the ledger is open).
    while (process.listenerCount('SIGINT') === before) await new Promise<void>((resolve) => setImmediate(resolve));
    process.emit('SIGINT');
    expect(await done).toBe(130);
    expect(io.err).toMatch(/CANCELLED: the transcript was not written: interrupted/);
    expect(readdirSync(out).filter((n) => n.startsWith('stopped'))).toEqual([]);
  });
});

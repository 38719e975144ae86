// capsem-inspect files: the path listing, one path's history with its causes, --json, terminal-safe paths, the exit
// codes (0, 1 for a path never touched, 2 for usage and open errors), and no write to the evidence folder.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WrittenLedger } from '../../fixtures/writer/ledger-writer.js';
import { writeLedger } from '../../fixtures/writer/ledger-writer.js';
import { fileHistoryLedger } from '../../main/core/file-history/file-history-ledger.js';
import { captureIo } from '../../../src/cli/io.js';
import { run } from '../../../src/cli/commands/files.js';

const root = mkdtempSync(join(tmpdir(), 'cli-files-'));
let a4: WrittenLedger;
let old: WrittenLedger;
const HOSTILE = '/workspace/\u001b]0;pwned\u0007\u202eevil.ts';

beforeAll(async () => {
  a4 = await fileHistoryLedger(join(root, 'a4'));
  const db = new Database(a4.dbPath);
  db.prepare("INSERT INTO fs_events (timestamp, action, path, size, kind) VALUES ('2026-03-02T15:12:00Z', 'modified', ?, 1, 'file')").run(
    HOSTILE,
  );
  db.close();
  old = await writeLedger(join(root, 'a2'), { generation: 'A2-zstd', sessionId: 'files-a2', journalMode: 'delete' });
  const w = new Database(old.dbPath);
  w.exec('ALTER TABLE fs_events DROP COLUMN trace_id; ALTER TABLE fs_events DROP COLUMN turn_id;');
  w.close();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('capsem-inspect files', () => {
  it('lists every path sorted by path with changes, first and last seen and last action, then the overflow windows', async () => {
    const before = readdirSync(a4.sessionDir).sort();
    const io = captureIo();
    expect(await run([a4.sessionDir], io)).toBe(0);
    expect(io.err).toBe('');
    expect(io.out).toMatch(/^ {2}CHANGES +FIRST SEEN +LAST SEEN +LAST ACTION +PATH$/m);
    expect(io.out).toMatch(/^ +2 +2026-03-02T14:50:41\.\d+Z +2026-03-02T14:50:41\.\d+Z +deleted +\/workspace\/src\/cache-3\.ts$/m);
    const listed = [...io.out.matchAll(/ (\/workspace\/\S+)$/gm)].map((m) => m[1]!);
    expect(listed).toEqual([...listed].sort());
    expect(io.out).toContain('Overflow windows: 3, 45 changes held back');
    expect(io.out).toContain("2 name no path, so they are listed here only and in no path's history");
    expect(io.out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202e]/);
    expect(io.out).toContain('\\u001b]0;pwned\\u0007\\u202eevil.ts');
    expect(readdirSync(a4.sessionDir).sort()).toEqual(before);
  });

  it('--path: one line per change with time, action, size, turn, trace and cause, and the window that names its folder', async () => {
    const io = captureIo();
    expect(await run([a4.sessionDir, '--path', '/workspace/src/index-2.ts'], io)).toBe(0);
    const lines = io.out.split('\n');
    const changes = lines.filter((l) => / modified +size /.test(l));
    expect(changes).toHaveLength(2);
    for (const l of changes) {
      expect(l).toMatch(
        /turn turn-105e9aa19253 +trace trace-72b76b494fe60090 +cause: tool call toolu_write_index2 \(Write, named in its arguments\)/,
      );
    }
    expect(io.out).toContain('bytes: tool_calls row');
    expect(io.out).toMatch(/overflow +held back 3 \(at \/workspace\/src\) .*changed here, cause not recorded/);
    expect(io.out).toContain('2 overflow windows name no path: not placed here');

    const answered = captureIo();
    expect(await run([a4.sessionDir, '--path', '/workspace/src/test-3.ts'], answered)).toBe(0);
    expect(answered.out).toContain('(bash, named in its response)');
    expect(answered.out).toContain('bytes: tool call toolu_f6862e785fee0795b149 response');
    const same = captureIo();
    expect(await run([a4.sessionDir, '--path', '/workspace/src/util-3.ts'], same)).toBe(0);
    expect(same.out).toContain('cause: same trace/turn (no tool call in it names the path)');
    const none = captureIo();
    expect(await run([a4.sessionDir, '--path', '/workspace/notes.md'], none)).toBe(0);
    expect(none.out).toContain('turn -  trace -  cause: not recorded');
  });

  it('--json: one document for the listing and for a path', async () => {
    const list = captureIo();
    expect(await run([a4.sessionDir, '--json'], list)).toBe(0);
    const l = JSON.parse(list.out);
    expect(Object.keys(l)).toEqual(['session', 'generation', 'paths', 'windows', 'windowsNamingNoPath', 'gaps']);
    expect(l.session).toEqual({ id: 'files-a4', dir: a4.sessionDir });
    expect(l.paths[0]).toEqual({
      path: expect.any(String),
      changes: expect.any(Number),
      firstSeen: expect.any(String),
      lastSeen: expect.any(String),
      lastAction: expect.any(String),
    });
    const one = captureIo();
    expect(await run([a4.sessionDir, '--path', '/workspace/src/index-1.ts', '--json'], one)).toBe(0);
    const h = JSON.parse(one.out);
    expect(Object.keys(h)).toEqual(['session', 'generation', 'path', 'changes', 'entries', 'windowsNamingNoPath', 'gaps']);
    expect(h.entries[0]).toMatchObject({
      type: 'change',
      cause: 'tool-call',
      calls: [{ callId: 'mcp_141f4193e6b9f032', toolName: 'search_issues' }],
    });
    expect(h.entries[0].calls[0].bodies[0]).toEqual({
      eventId: '1c740eeb7e14',
      sourceTable: 'tool_calls',
      direction: 'request',
      originalBytes: expect.any(Number),
    });
  });

  it('an older ledger: says what it cannot show, every cause not recorded, exit 0', async () => {
    const io = captureIo();
    expect(await run([old.sessionDir], io)).toBe(0);
    expect(io.out).toContain('Not in this ledger: fs_events.trace_id, fs_events.turn_id: no change says which trace or turn caused it');
    const path = /^ +\d+ +\S+ +\S+ +\S+ +(\/\S+)$/m.exec(io.out)![1]!;
    const one = captureIo();
    expect(await run([old.sessionDir, '--path', path], one)).toBe(0);
    expect(one.out).toContain('cause: not recorded');
    expect(one.out).not.toContain('cause: tool call');
  });

  it('exit 1 for a path the session never touched, 2 for usage and open errors', async () => {
    const never = captureIo();
    expect(await run([a4.sessionDir, '--path', '/workspace/\u001bnope'], never)).toBe(1);
    expect(never.err).toBe('capsem-inspect files: the session never touched /workspace/\\u001bnope (no fs_events row names it)\n');
    const noValue = captureIo();
    expect(await run([a4.sessionDir, '--path'], noValue)).toBe(2);
    expect(noValue.err).toContain('--path needs a path');
    const noLedger = captureIo();
    expect(await run([], noLedger)).toBe(2);
    const missing = captureIo();
    expect(await run([join(root, 'absent')], missing)).toBe(2);
    expect(missing.err).toMatch(/^capsem-inspect files: cannot open /);
    const help = captureIo();
    expect(await run(['--help'], help)).toBe(0);
    expect(help.out).toMatch(/^usage: capsem-inspect files <path> \[--path P\] \[--json\]/);
  });
});

// One path's history: each change with the cause the ledger's ids give it (a naming tool call, the trace alone, or
// not recorded), the bytes pointed to, and the overflow windows that name the path's folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileHistory } from '../../../../src/main/core/file-history/history.js';
import { filePaths } from '../../../../src/main/core/file-history/paths.js';
import { seedTraceKeys, traceKeysOf } from '../../../../src/main/core/traces/trace-keys.js';
import { scanTraceKeys } from '../../../../src/main/core/traces/trace-keys-scan.js';
import type { FileChange } from '../../../../src/shared/contract/files.js';
import { fileHistoryLedger, TRACE_7, TURN_7A } from './file-history-ledger.js';

const root = mkdtempSync(join(tmpdir(), 'file-history-'));
let db: Database.Database;
let dbPath: string;

beforeAll(async () => {
  const l = await fileHistoryLedger(root);
  dbPath = l.dbPath;
  db = new Database(l.dbPath, { readonly: true });
});
afterAll(() => {
  db.close();
  rmSync(root, { recursive: true, force: true });
});

const changes = (path: string): FileChange[] => fileHistory(db, path)!.entries.filter((e): e is FileChange => e.type === 'change');

describe('fileHistory', () => {
  it('reads the same history of every path through the trace keys (calls and responses by rowid) as by scanning', () => {
    const keyed = new Database(dbPath, { readonly: true });
    try {
      seedTraceKeys(keyed, scanTraceKeys(keyed));
      expect(traceKeysOf(keyed)?.hasResponses()).toBe(true);
      const paths = filePaths(db).paths;
      expect(paths.length).toBeGreaterThan(3);
      for (const p of paths) expect([p.path, fileHistory(keyed, p.path)]).toEqual([p.path, fileHistory(db, p.path)]);
    } finally {
      keyed.close();
    }
  });

  it('a change whose trace and turn hold a call naming the path: cause tool call, with its id and tool', () => {
    const h = fileHistory(db, '/workspace/src/index-2.ts')!;
    expect(h.changes).toBe(2);
    const [first, second] = changes('/workspace/src/index-2.ts');
    for (const c of [first!, second!]) {
      expect(c).toMatchObject({ action: 'modified', traceId: TRACE_7, turnId: TURN_7A, cause: 'tool-call' });
      expect(c.calls.map((k) => [k.callId, k.toolName, k.namedIn])).toEqual([['toolu_write_index2', 'Write', 'arguments']]);
    }
    expect(first!.t! <= second!.t!).toBe(true);
  });

  it('a call whose JSON response names the path: cause tool call, named in its response', () => {
    const [c] = changes('/workspace/src/test-3.ts');
    expect(c!.cause).toBe('tool-call');
    expect(c!.calls.map((k) => [k.callId, k.namedIn])).toEqual([['toolu_f6862e785fee0795b149', 'response']]);
  });

  it('points to the naming call’s archived bodies (event id, table, direction), never their bytes', () => {
    const [c] = changes('/workspace/src/index-1.ts');
    expect(c!.cause).toBe('tool-call');
    expect(c!.calls[0]!.callId).toBe('mcp_141f4193e6b9f032');
    expect(c!.calls[0]!.bodies.map((b) => [b.eventId, b.sourceTable, b.direction])).toEqual([
      ['1c740eeb7e14', 'tool_calls', 'request'],
      ['1c740eeb7e14', 'tool_calls', 'response'],
    ]);
    expect(JSON.stringify(c)).not.toContain('ledger archive');
  });

  it('a change in a trace where no call names it: same trace (a call in another trace, or a mention in a command, does not count)', () => {
    const [c] = changes('/workspace/src/util-3.ts');
    expect(c).toMatchObject({ cause: 'same-trace', traceId: TRACE_7, calls: [] });
  });

  it('a change with no trace or turn: not recorded', () => {
    const [c] = changes('/workspace/notes.md');
    expect(c).toMatchObject({ cause: 'not-recorded', traceId: null, turnId: null, size: 12, eventId: 'f0000000000a' });
  });

  it('an overflow window naming the folder is in the history, cause not recorded; windows naming no path are only counted', () => {
    const h = fileHistory(db, '/workspace/src/util-3.ts')!;
    const windows = h.entries.filter((e) => e.type === 'overflow');
    expect(windows).toEqual([expect.objectContaining({ path: '/workspace/src', heldBack: 3, cause: 'not-recorded' })]);
    expect(h.entries.at(-1)!.type).toBe('overflow');
    expect(h.windowsNamingNoPath).toBe(2);
    expect(fileHistory(db, '/workspace/notes.md')!.entries.some((e) => e.type === 'overflow')).toBe(false);
  });

  it('null for a path the session never touched', () => {
    expect(fileHistory(db, '/workspace/src')).toBeNull();
    expect(fileHistory(db, '/nowhere')).toBeNull();
  });
});

// A ledger for file history's tests: the fixture writer's A4 session plus rows that give every cause a case. Its file
// events are fixed for seed 1 (trace b874…: index-1.ts, util-1.log; trace 72b7…: index-2.ts twice, util-3.ts, …).
import Database from 'better-sqlite3';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';

export const TRACE_B = 'trace-b874c5fe3dc12752';
export const TURN_B2 = 'turn-c0bf53e1cb7f';
export const TRACE_7 = 'trace-72b76b494fe60090';
export const TURN_7A = 'turn-105e9aa19253';
export const TRACE_C = 'trace-c25d6e750f548cdd';

/** The A4 session with: a Write call naming index-2.ts in its own turn, the MCP call of trace b874… naming index-1.ts
 * (its archived bodies are then the pointer), a call in another trace naming util-3.ts (must not join), a command that
 * mentions util-3.ts in its text (must not count), a response naming test-3.ts, a change with no trace, and an overflow window naming /workspace/src. */
export async function fileHistoryLedger(dir: string, sessionId = 'files-a4'): Promise<WrittenLedger> {
  const l = await writeLedger(dir, { generation: 'A4', sessionId });
  const db = new Database(l.dbPath);
  const call = db.prepare(
    `INSERT INTO tool_calls (event_id, timestamp, model_call_id, call_index, call_id, tool_name, arguments, trace_id, turn_id)
     VALUES (?, '2026-03-02T14:55:00.000000Z', NULL, 9, ?, ?, ?, ?, ?)`,
  );
  call.run(
    'e0000000000a',
    'toolu_write_index2',
    'Write',
    JSON.stringify({ file_path: '/workspace/src/index-2.ts', content: 'x' }),
    TRACE_7,
    TURN_7A,
  );
  call.run('e0000000000b', 'toolu_other_trace', 'Write', JSON.stringify({ file_path: '/workspace/src/util-3.ts' }), TRACE_C, null);
  call.run('e0000000000c', 'toolu_mentions', 'bash', JSON.stringify({ command: 'cat /workspace/src/util-3.ts' }), TRACE_7, null);
  db.prepare("UPDATE tool_calls SET arguments = ? WHERE call_id = 'mcp_141f4193e6b9f032'").run(
    JSON.stringify({ q: 'ledger archive', path: '/workspace/./src//index-1.ts' }),
  );
  db.prepare("UPDATE tool_responses SET content_preview = ? WHERE call_id = 'toolu_f6862e785fee0795b149'").run(
    JSON.stringify({ files: ['/workspace/src/test-3.ts'] }),
  );
  const fs = db.prepare(
    `INSERT INTO fs_events (event_id, timestamp, action, path, directory, name, size, kind, trace_id, turn_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  fs.run('f0000000000a', '2026-03-02T15:10:00.000000Z', 'created', '/workspace/notes.md', '/workspace', 'notes.md', 12, 'file', null, null);
  fs.run('f0000000000b', '2026-03-02T15:11:00.000000Z', 'overflow', '/workspace/src', null, null, 3, 'other', null, null);
  db.close();
  return l;
}

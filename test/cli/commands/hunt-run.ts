// What the hunt command tests share: a run of `capsem-inspect hunt` with its output captured (JSON lines parsed when
// --json was asked), and planting rows into a fixture session during setup, before any folder snapshot.
import Database from 'better-sqlite3';
import { run } from '../../../src/cli/commands/hunt.js';
import { captureIo } from '../../../src/cli/io.js';
import type { WrittenLedger } from '../../fixtures/writer/ledger-writer.js';

export type HuntLine = Record<string, unknown> & { type: string };

export async function hunt(args: string[]): Promise<{ code: number; lines: HuntLine[]; out: string; err: string }> {
  const io = captureIo();
  const code = await run(args, io);
  const lines = args.includes('--json')
    ? io.out
        .trimEnd()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as HuntLine)
    : [];
  return { code, lines, out: io.out, err: io.err };
}

/** Setup only, before any snapshot: runs `sql` on a fixture session's own session.db. */
export function plantRows(l: WrittenLedger, sql: string): void {
  const db = new Database(l.dbPath);
  db.exec(sql);
  db.close();
}

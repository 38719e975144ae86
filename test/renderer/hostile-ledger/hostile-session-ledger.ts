/**
 * A whole A4 ledger in a folder whose name is itself hostile markup, with its session.db text columns rewritten
 * to hostile strings (rewrite-session.ts). The bodies archive is untouched: every body still verifies.
 */
import Database from 'better-sqlite3';
import type { WrittenLedger } from '../../fixtures/writer/ledger-writer.js';
import { writeLedger } from '../../fixtures/writer/ledger-writer.js';
import { HostileCursor, hostileStrings, PWN_FLAG } from './hostile-strings.js';
import type { SessionRewrite } from './rewrite-session.js';
import { rewriteSession } from './rewrite-session.js';

/** A folder name (no '/', no NUL) that is an event-handler payload: shown as the session id in several views. */
export const HOSTILE_SESSION_ID = `<img src=x onerror="window.${PWN_FLAG}=(window.${PWN_FLAG}||0)+1">\u202Egnp.exe`;

export interface HostileSessionLedger extends WrittenLedger {
  readonly rewrite: SessionRewrite;
}

/** Writes `<dir>/<sessionId>/session.db` (+ session.bodies) and rewrites its text columns. */
export async function writeHostileSessionLedger(dir: string, sessionId = HOSTILE_SESSION_ID, offset = 0): Promise<HostileSessionLedger> {
  const ledger = await writeLedger(dir, { generation: 'A4', seed: 3, sessionId });
  const pool = hostileStrings();
  const cursor = new HostileCursor([...pool.slice(offset % pool.length), ...pool.slice(0, offset % pool.length)]);
  const db = new Database(ledger.dbPath);
  try {
    const rewrite = rewriteSession(db, cursor);
    db.pragma('wal_checkpoint(TRUNCATE)');
    return { ...ledger, rewrite };
  } finally {
    db.close();
  }
}

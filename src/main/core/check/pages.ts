// docs/formats/session-check.md#page-integrity: PRAGMA quick_check first; anything but exactly ["ok"] is page damage
// and ends the report.
import type Database from 'better-sqlite3';
import type { PagesSection } from './types.js';

const MAX_LINES = 10;

export function checkPages(db: Database.Database): PagesSection {
  try {
    const lines = (db.prepare('PRAGMA quick_check').raw().all() as unknown[][]).map((r) => String(r[0]));
    const ok = lines.length === 1 && lines[0] === 'ok';
    return { ok, messages: lines.slice(0, MAX_LINES) };
  } catch (error) {
    // The doctor counts an error raised by the pragma itself as damage, with its text as the one line.
    return { ok: false, messages: [error instanceof Error ? error.message : String(error)] };
  }
}

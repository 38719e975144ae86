// Finds or makes the ledgers the bench measures. Generation runs scripts/gen-large.ts in its own process
// (its progress is shown; its memory is not the bench's).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

const GEN = fileURLToPath(new URL('../../gen-large.ts', import.meta.url));

/** A session folder (holds session.db), or a folder holding exactly one. */
export function resolveSessionDir(dir: string): string {
  if (existsSync(join(dir, 'session.db'))) return dir;
  const inner = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'session.db')));
  if (inner.length !== 1) throw new Error(`${dir} is not a session folder and holds ${inner.length} session folders (want 1)`);
  return join(dir, inner[0]!.name);
}

export function generate(dir: string, events: number, bodyMiB: number, seed: number): string {
  console.log(`\n== generating ${events.toLocaleString('en-US')} events, ${bodyMiB} MiB of bodies in ${dir}`);
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', GEN, dir, '--events', String(events), '--body-mib', String(bodyMiB), '--seed', String(seed)],
    { stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error(`gen-large failed (exit ${r.status ?? r.signal})`);
  return resolveSessionDir(dir);
}

/** Raw body bytes the archive holds (sum of body_blocks.raw_len). */
export function rawBytesOf(sessionDir: string): number {
  const db = new Database(join(sessionDir, 'session.db'), { readonly: true });
  try {
    return db.prepare('SELECT TOTAL(raw_len) FROM body_blocks').pluck().get() as number;
  } finally {
    db.close();
  }
}

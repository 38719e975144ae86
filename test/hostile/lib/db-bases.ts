/**
 * Valid databases the DB fuzzer starts from, as file maps (relative path → bytes): session ledgers in rollback and
 * WAL mode (with and without -shm), one carrying an overflow chain, and host ledgers in rollback and WAL mode.
 */
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeLedger } from '../../fixtures/writer/ledger-writer.js';
import { writeSampleHome } from '../../fixtures/writer/host/host-sample.js';
import type { FuzzTarget } from './fuzz-case.js';
import { tempDir } from './temp.js';

export interface DbBase {
  readonly name: string;
  readonly target: Exclude<FuzzTarget, 'archive'>;
  /** Files relative to the session folder (session) or to `sessions/` of a Capsem home (host). */
  readonly files: ReadonlyMap<string, Uint8Array>;
}

function readTree(root: string, prefix = ''): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  for (const name of readdirSync(join(root, prefix)).sort()) {
    const rel = prefix ? `${prefix}/${name}` : name;
    if (statSync(join(root, rel)).isDirectory()) for (const [k, v] of readTree(root, rel)) out.set(k, v);
    else out.set(rel, new Uint8Array(readFileSync(join(root, rel))));
  }
  return out;
}

/** Gives one row an overflow chain (a 12 KiB value spans several pages) in a rollback-mode ledger. */
function addOverflow(dbPath: string): void {
  const db = new Database(dbPath);
  try {
    db.prepare('UPDATE net_events SET domain = ? WHERE rowid = (SELECT MIN(rowid) FROM net_events)').run('overflow.'.repeat(1400));
  } finally {
    db.close();
  }
}

async function sessionBases(work: string): Promise<DbBase[]> {
  const out: DbBase[] = [];
  const a4 = await writeLedger(join(work, 'a4'), { generation: 'A4', journalMode: 'delete', seed: 2 });
  addOverflow(a4.dbPath);
  out.push({ name: 'session-A4-overflow', target: 'sqlite', files: readTree(a4.sessionDir) });
  const a2 = await writeLedger(join(work, 'a2'), { generation: 'A2-zstd', wal: true, seed: 3 });
  out.push({ name: 'session-A2-wal', target: 'sqlite', files: readTree(a2.sessionDir) });
  const l0 = await writeLedger(join(work, 'l0'), { generation: 'L0', wal: 'no-shm', seed: 4 });
  out.push({ name: 'session-L0-wal-noshm', target: 'sqlite', files: readTree(l0.sessionDir) });
  return out;
}

async function hostBases(work: string): Promise<DbBase[]> {
  const home = await writeSampleHome(join(work, 'home'));
  const plain = new Map([['host.db', new Uint8Array(readFileSync(home.hostDbPath))]]);
  // WAL: frames written while a writer holds the file open, copied as the set a live host leaves behind.
  const walDir = join(work, 'home-wal');
  mkdirSync(walDir, { recursive: true });
  const walDb = join(walDir, 'host.db');
  copyFileSync(home.hostDbPath, walDb);
  const writer = new Database(walDb);
  writer.pragma('journal_mode = WAL');
  writer.pragma('wal_autocheckpoint = 0');
  writer.prepare("UPDATE host_events SET actor = actor || '' WHERE id % 2 = 0").run();
  writer.prepare('UPDATE host_events SET detail = ? WHERE id = (SELECT MAX(id) FROM host_events)').run(Buffer.alloc(9000, 0x91));
  const files = new Map<string, Uint8Array>();
  for (const n of ['host.db', 'host.db-wal', 'host.db-shm'])
    if (existsSync(join(walDir, n))) files.set(n, new Uint8Array(readFileSync(join(walDir, n))));
  writer.close();
  return [
    { name: 'host-plain', target: 'host', files: plain },
    { name: 'host-wal', target: 'host', files },
  ];
}

export async function buildDbBases(): Promise<DbBase[]> {
  const work = tempDir('hostile-dbbase-');
  try {
    return [...(await sessionBases(work)), ...(await hostBases(work))];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Writes a case's files where the product expects them; returns what to open. */
export function materialize(
  dir: string,
  target: Exclude<FuzzTarget, 'archive'>,
  files: ReadonlyMap<string, Uint8Array>,
): { open: string; runDir: string } {
  const root = target === 'sqlite' ? join(dir, '20260302-145040-f00d') : join(dir, 'home', 'sessions');
  for (const [rel, bytes] of files) {
    mkdirSync(dirname(join(root, rel)), { recursive: true, mode: 0o700 });
    writeFileSync(join(root, rel), bytes);
  }
  return target === 'sqlite' ? { open: root, runDir: '' } : { open: join(root, 'host.db'), runDir: join(dir, 'home', 'run') };
}

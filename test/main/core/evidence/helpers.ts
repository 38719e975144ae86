// Small ledgers built directly with better-sqlite3, and a before/after picture of an evidence folder.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { copyFileSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBLAKE3 } from 'hash-wasm';

export function tempDir(prefix = 'evidence-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export async function blake3Tag(bytes: Uint8Array): Promise<string> {
  const h = await createBLAKE3();
  h.init();
  h.update(bytes);
  return `blake3:${h.digest('hex')}`;
}

export interface FileFacts {
  readonly kind: string;
  readonly size: number;
  readonly sha256: string | null;
  readonly mode: number;
  readonly mtimeNs: bigint;
  readonly ctimeNs: bigint;
}

/** Names, sizes, SHA-256, mode, mtime and ctime of everything under `dir` (lstat, never following links). */
export function pictureOf(dir: string): Record<string, FileFacts> {
  const out: Record<string, FileFacts> = {};
  const walk = (at: string, rel: string) => {
    for (const name of readdirSync(at).sort()) {
      const path = join(at, name);
      const st = lstatSync(path, { bigint: true });
      const kind = st.isFile() ? 'file' : st.isDirectory() ? 'dir' : st.isSymbolicLink() ? 'symlink' : 'other';
      out[`${rel}${name}`] = {
        kind,
        size: Number(st.size),
        sha256: kind === 'file' ? createHash('sha256').update(readFileSync(path)).digest('hex') : null,
        mode: Number(st.mode),
        mtimeNs: st.mtimeNs,
        ctimeNs: st.ctimeNs,
      };
      if (kind === 'dir') walk(path, `${rel}${name}/`);
    }
  };
  const top = lstatSync(dir, { bigint: true });
  out['.'] = { kind: 'dir', size: 0, sha256: null, mode: Number(top.mode), mtimeNs: top.mtimeNs, ctimeNs: top.ctimeNs };
  walk(dir, '');
  return out;
}

export const NET_EVENTS_DDL = 'CREATE TABLE net_events (id INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT, timestamp TEXT, domain TEXT)';

const INDEX_DDL = `CREATE TABLE event_body_blobs (id INTEGER PRIMARY KEY, event_id TEXT NOT NULL, event_type TEXT, source_table TEXT NOT NULL,
  direction TEXT NOT NULL, content_type TEXT, original_bytes INTEGER, stored_bytes INTEGER, truncated INTEGER DEFAULT 0, body_hash TEXT,
  block_offset INTEGER, body_offset INTEGER, body_len INTEGER, trace_id TEXT, turn_id TEXT, created_at TEXT,
  UNIQUE(event_id, source_table, direction))`;

export type SmallGeneration = 'L0' | 'A1' | 'A2' | 'A3' | 'A4';

export const UUID_A = Buffer.from('101112131415461798191a1b1c1d1e1f', 'hex');
export const UUID_G = Buffer.from('2021222324254627a8292a2b2c2d2e2f', 'hex');

/** A minimal ledger of the given generation (index tables only, no archive file). */
export function buildSmallLedger(
  path: string,
  generation: SmallGeneration,
  opts: { formatVersion?: number; wal?: boolean } = {},
): Database.Database {
  const db = new Database(path);
  if (opts.wal) db.pragma('journal_mode = WAL');
  db.exec(NET_EVENTS_DDL);
  switch (generation) {
    case 'L0':
      db.exec(`CREATE TABLE event_body_blobs (id INTEGER PRIMARY KEY, event_id TEXT, event_type TEXT, source_table TEXT, direction TEXT,
        content_type TEXT, original_bytes INTEGER, stored_bytes INTEGER, truncated INTEGER DEFAULT 0, body_hash TEXT, trace_id TEXT,
        turn_id TEXT, created_at TEXT, body BLOB)`);
      break;
    case 'A1':
      db.exec(
        'CREATE TABLE body_blocks (block_offset INTEGER PRIMARY KEY, raw_len INTEGER NOT NULL, comp_len INTEGER NOT NULL, sealed_at TEXT)',
      );
      db.exec(INDEX_DDL);
      break;
    case 'A2':
    case 'A3':
    case 'A4':
      db.exec(
        'CREATE TABLE body_blocks (block_offset INTEGER PRIMARY KEY, raw_len INTEGER NOT NULL, disk_len INTEGER NOT NULL, sealed_at TEXT NOT NULL)',
      );
      db.exec(INDEX_DDL);
      break;
  }
  if (generation === 'A3' || generation === 'A4') {
    db.exec(`CREATE TABLE archive_state (singleton INTEGER PRIMARY KEY, archive_id BLOB, generation_id BLOB, format_version INTEGER,
      committed_end INTEGER, revision INTEGER)`);
    db.prepare('INSERT INTO archive_state VALUES (1, ?, ?, ?, 80, 1)').run(
      UUID_A,
      UUID_G,
      opts.formatVersion ?? (generation === 'A3' ? 3 : 4),
    );
  }
  if (generation === 'A4') {
    db.exec('CREATE TABLE ledger_counters (singleton INTEGER PRIMARY KEY, counters BLOB NOT NULL)');
    for (const t of [
      'model_calls',
      'tool_calls',
      'tool_responses',
      'fs_events',
      'exec_events',
      'dns_events',
      'security_rule_events',
      'security_decision_events',
      'security_ask_events',
    ]) {
      db.exec(`CREATE TABLE ${t} (id INTEGER PRIMARY KEY, event_id TEXT)`);
    }
  }
  return db;
}

/**
 * The reliability-anchors A4 recipe: a WAL database whose second row exists only in the -wal. Returns the evidence
 * folder holding session.db + session.db-wal (no -shm), copied while the writer was still open.
 */
export function buildWalOnlyEvidence(generation: SmallGeneration = 'L0'): { dir: string; cleanup: () => void } {
  const work = tempDir('wal-writer-');
  const dir = tempDir('wal-evidence-');
  const db = buildSmallLedger(join(work, 'session.db'), generation, { wal: true });
  db.pragma('wal_autocheckpoint = 0');
  db.prepare("INSERT INTO net_events (event_id, domain) VALUES ('aaaaaaaaaaaa', 'in-db.example')").run();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.prepare("INSERT INTO net_events (event_id, domain) VALUES ('bbbbbbbbbbbb', 'only-in-wal.example')").run();
  copyFileSync(join(work, 'session.db'), join(dir, 'session.db'));
  copyFileSync(join(work, 'session.db-wal'), join(dir, 'session.db-wal'));
  db.close();
  removeDir(work);
  return { dir, cleanup: () => removeDir(dir) };
}

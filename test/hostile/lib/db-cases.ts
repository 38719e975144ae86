/** Draws one mutated DB case from a base: the database file or its -wal, mutated where SQLite parses. */
import type { DbBase } from './db-bases.js';
import { applyMutations, randomMutations, type Mutation, type Rng } from './mutations.js';
import { dbHotOffsets, pageSizeOf, walHotOffsets } from './sqlite-hotspots.js';

export interface DbCase {
  readonly base: DbBase;
  /** Which file was mutated. */
  readonly file: string;
  readonly mutations: readonly Mutation[];
  readonly files: ReadonlyMap<string, Uint8Array>;
}

export function drawDbCase(base: DbBase, rng: Rng): DbCase {
  const dbName = base.target === 'sqlite' ? 'session.db' : 'host.db';
  const db = base.files.get(dbName)!;
  const wal = base.files.get(`${dbName}-wal`);
  const useWal = wal !== undefined && wal.length > 0 && rng.next() < 0.4;
  const file = useWal ? `${dbName}-wal` : dbName;
  const bytes = useWal ? wal : db;
  const hot = useWal ? walHotOffsets(wal, pageSizeOf(db)) : dbHotOffsets(db);
  const mutations = randomMutations(rng, bytes.length, hot, true);
  const files = new Map(base.files);
  files.set(file, applyMutations(bytes, mutations));
  return { base, file, mutations, files };
}

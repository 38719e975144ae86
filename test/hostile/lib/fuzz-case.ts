/**
 * The on-disk form of one fuzz input (a kept crasher or seed): a self-contained envelope, so a case replays
 * even after the fixture writer changes. Layout: the line `CAPSEM-FUZZ-CASE 1`, one line of JSON metadata,
 * then the bytes of every file listed in `meta.files`, back to back.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ArchiveState, BlockRow, BodyIndexRow } from '../../../src/shared/ledger-types.js';
import type { Mutation } from './mutations.js';

export const FUZZ_TARGETS = ['archive', 'sqlite', 'host'] as const;
export type FuzzTarget = (typeof FUZZ_TARGETS)[number];

/** What an archive case needs besides its one file: the rows SQLite would hold (possibly forged). */
export interface ArchiveMeta {
  readonly version: 1 | 2 | 3;
  readonly fileName: string | null;
  readonly state: ArchiveState | null;
  readonly rows: readonly BodyIndexRow[];
  readonly blocks: readonly BlockRow[];
}

export interface CaseMeta {
  readonly target: FuzzTarget;
  /** The valid input it was derived from (a seed name). */
  readonly seed: string;
  /** Why it was kept: e.g. "threw TypeError: …", "took 1800 ms", "INTERNAL: …". */
  readonly reason: string;
  readonly mutations: readonly Mutation[];
  /** Relative paths (sqlite/host: inside the session or home folder; archive: "archive"). */
  readonly files: readonly { readonly name: string; readonly size: number }[];
  readonly archive?: ArchiveMeta;
}

export interface FuzzCase {
  readonly meta: CaseMeta;
  readonly files: ReadonlyMap<string, Uint8Array>;
}

const MAGIC = 'CAPSEM-FUZZ-CASE 1\n';

/** Byte arrays inside the metadata (archive_state ids) travel as {"$hex": "..."}. */
const replacer = (_k: string, v: unknown): unknown => (v instanceof Uint8Array ? { $hex: Buffer.from(v).toString('hex') } : v);
const reviver = (_k: string, v: unknown): unknown =>
  v && typeof v === 'object' && typeof (v as { $hex?: unknown }).$hex === 'string'
    ? new Uint8Array(Buffer.from((v as { $hex: string }).$hex, 'hex'))
    : v;

export function encodeCase(meta: Omit<CaseMeta, 'files'>, files: ReadonlyMap<string, Uint8Array>): Uint8Array {
  const full: CaseMeta = { ...meta, files: [...files].map(([name, b]) => ({ name, size: b.length })) };
  const head = Buffer.from(`${MAGIC}${JSON.stringify(full, replacer)}\n`, 'utf8');
  return Buffer.concat([head, ...[...files.values()].map((b) => Buffer.from(b))]);
}

export function decodeCase(bytes: Uint8Array, label: string): FuzzCase {
  const buf = Buffer.from(bytes);
  if (!buf.subarray(0, MAGIC.length).equals(Buffer.from(MAGIC)))
    throw new Error(`${label}: not a fuzz case (no ${JSON.stringify(MAGIC.trim())} line)`);
  const nl = buf.indexOf(0x0a, MAGIC.length);
  const meta = JSON.parse(buf.subarray(MAGIC.length, nl).toString('utf8'), reviver) as CaseMeta;
  const files = new Map<string, Uint8Array>();
  let at = nl + 1;
  for (const f of meta.files) {
    if (at + f.size > buf.length) throw new Error(`${label}: file ${f.name} runs past the end of the case`);
    files.set(f.name, new Uint8Array(buf.subarray(at, at + f.size)));
    at += f.size;
  }
  return { meta, files };
}

/** Writes a case as `<dir>/<target>/<seed>-<sha256 prefix>.bin` (same input → same name) and returns the path. */
export function keepCase(root: string, meta: Omit<CaseMeta, 'files'>, files: ReadonlyMap<string, Uint8Array>): string {
  const bytes = encodeCase(meta, files);
  const id = createHash('sha256')
    .update(bytes.subarray(bytes.indexOf(0x0a, MAGIC.length) + 1))
    .digest('hex')
    .slice(0, 16);
  const path = join(root, meta.target, `${meta.seed}-${id}.bin`);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
  return path;
}

/** Every `*.bin` case under `<root>/<target>/`, sorted by name. */
export function listCases(root: string, target: FuzzTarget): string[] {
  try {
    return readdirSync(join(root, target))
      .filter((n) => n.endsWith('.bin'))
      .sort()
      .map((n) => join(root, target, n));
  } catch {
    return [];
  }
}

export function readCase(path: string): FuzzCase {
  return decodeCase(readFileSync(path), path);
}

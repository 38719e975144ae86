/**
 * Runs one archive input through the product reader and judges the outcome: every body read is either the
 * bytes its row names (length and blake3 checked independently of the reader) or a Failure with a code from
 * the closed set other than INTERNAL; nothing may throw. Used by the property tests, crasher replay and fuzzer.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES } from '../../../src/shared/errors.js';
import { openArchive } from '../../../src/main/core/archive/open-archive.js';
import type { ZstdBackendChoice } from '../../../src/main/core/archive/types.js';
import { blake3Ready, blake3Tagged } from '../../fixtures/writer/blake3.js';
import type { ArchiveMeta } from './fuzz-case.js';
import { ArchiveSlot } from './archive-slot.js';

const NAMED = new Set<string>(ERROR_CODES.filter((c) => c !== 'INTERNAL'));

export interface ArchiveOutcome {
  /** 'ok' or the open failure's code. */
  readonly open: string;
  /** Per row in read order: 'ok' or the failure code. */
  readonly bodies: readonly string[];
  readonly ms: number;
  /** Anything that breaks the contract: thrown errors, INTERNAL or unknown codes, wrong bytes. Empty when fine. */
  readonly problems: readonly string[];
}

/** Writes the archive as the evidence would hold it (v3 with a name: a generation directory) and returns the location. */
function place(dir: string, meta: ArchiveMeta, bytes: Uint8Array) {
  rmSync(join(dir, 'session.bodies'), { recursive: true, force: true });
  if (meta.version === 3 && meta.fileName && meta.state) {
    const bodies = join(dir, 'session.bodies');
    mkdirSync(bodies, { mode: 0o700 });
    writeFileSync(join(bodies, meta.fileName), bytes);
    return { kind: 'directory' as const, path: bodies };
  }
  writeFileSync(join(dir, 'session.bodies'), bytes);
  return { kind: 'file' as const, path: join(dir, 'session.bodies') };
}

function judgeCode(code: unknown, where: string, problems: string[]): string {
  const c = String(code);
  if (!NAMED.has(c)) problems.push(`${where}: ${c === 'INTERNAL' ? 'INTERNAL failure' : `unknown code ${c}`}`);
  return c;
}

/**
 * `where`: a folder (the input is placed there afresh, any earlier one removed) or an ArchiveSlot that overwrites
 * the same file on every run (the property tests, where a thousand create/delete cycles were pure overhead).
 */
export async function runArchiveInput(
  where: string | ArchiveSlot,
  meta: ArchiveMeta,
  bytes: Uint8Array,
  backend: ZstdBackendChoice = 'fzstd',
): Promise<ArchiveOutcome> {
  await blake3Ready();
  const location = where instanceof ArchiveSlot ? where.place(meta, bytes) : place(where, meta, bytes);
  const problems: string[] = [];
  const bodies: string[] = [];
  const blocks = new Map(meta.blocks.map((b) => [b.blockOffset, b]));
  const rows = [...meta.rows].sort(
    (a, b) => (a.blockOffset ?? 0) - (b.blockOffset ?? 0) || (a.bodyOffset ?? 0) - (b.bodyOffset ?? 0) || a.id - b.id,
  );
  const started = performance.now();
  let open = 'ok';
  try {
    const opened = await openArchive({ location, archiveState: meta.state, expectedVersion: meta.version, zstdBackend: backend });
    if (!opened.ok) {
      open = judgeCode(opened.error.code, 'open', problems);
    } else {
      try {
        for (const row of rows) {
          const r = opened.archive.readBody(row, row.blockOffset === null ? undefined : blocks.get(row.blockOffset));
          if (!r.ok) {
            bodies.push(judgeCode(r.error.code, `row ${row.id}`, problems));
            if (typeof r.error.message !== 'string' || r.error.message.length === 0)
              problems.push(`row ${row.id}: failure without a sentence`);
          } else if (r.bytes.length !== row.bodyLen || blake3Tagged(r.bytes) !== row.bodyHash) {
            bodies.push('WRONG-BYTES');
            problems.push(`row ${row.id}: ok but ${r.bytes.length} bytes that do not hash to the row's body_hash`);
          } else bodies.push('ok');
        }
      } finally {
        opened.archive.close();
      }
    }
  } catch (error) {
    problems.push(`threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  }
  return { open, bodies, ms: performance.now() - started, problems };
}

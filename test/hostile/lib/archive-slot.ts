/**
 * One reusable place on disk for a property's archive inputs. Each run overwrites the same file in place (same
 * inode, O_TRUNC) instead of deleting and recreating a file or a v3 generation directory, and the root sits on
 * /dev/shm when there is one, so a thousand runs cost a thousand small tmpfs writes and no directory churn.
 * Each layout has its own sub-folder holding exactly one file, so an input never sees a file left by another seed.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ArchiveLocation } from '../../../src/main/core/archive/types.js';
import type { ArchiveMeta } from './fuzz-case.js';

/** A fresh private folder on tmpfs (/dev/shm) when the machine has one, else under the system temp dir. */
export function fastTempDir(prefix: string): string {
  const shm = '/dev/shm';
  if (existsSync(shm)) {
    try {
      return mkdtempSync(join(shm, prefix));
    } catch {
      // not writable for this user: fall back below
    }
  }
  return mkdtempSync(join(tmpdir(), prefix));
}

export class ArchiveSlot {
  private readonly made = new Set<string>();

  /** `root` must be an empty folder owned by the caller, who removes it afterwards. */
  constructor(private readonly root: string) {}

  /** Writes the input as the evidence would hold it (v3 with a name: a generation directory) and says where. */
  place(meta: ArchiveMeta, bytes: Uint8Array): ArchiveLocation {
    if (meta.version === 3 && meta.fileName && meta.state) {
      const bodies = join(this.root, `generation-${meta.fileName}`, 'session.bodies');
      if (!this.made.has(bodies)) {
        mkdirSync(bodies, { recursive: true, mode: 0o700 });
        this.made.add(bodies);
      }
      writeFileSync(join(bodies, meta.fileName), bytes);
      return { kind: 'directory', path: bodies };
    }
    const file = join(this.root, 'session.bodies');
    writeFileSync(file, bytes);
    return { kind: 'file', path: file };
  }
}

// The proof of a kernel copy, taken after a deferred open: it passes on intact evidence and fills hashes.db with
// the evidence's own SHA-256 and BLAKE3 (computed here independently); a source whose bytes changed after the copy
// fails it with SNAPSHOT_MISMATCH naming the file and both digests, and the registry then refuses the structured
// views. Small evidence and opens without deferChecks behave as before (copied while hashed, nothing left to prove).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import { proveCopy } from '../../../../src/main/core/evidence/copy-proof.js';
import { InspectorError } from '../../../../src/shared/errors.js';
import type { FileHashes } from '../../../../src/shared/ledger-types.js';
import { EvidenceRegistry } from '../../../../src/main/core/service/registry.js';
import { blake3Tag, buildWalOnlyEvidence, pictureOf } from './helpers.js';

let evidence: { dir: string; cleanup: () => void };
let dbPath: string;
beforeEach(() => {
  evidence = buildWalOnlyEvidence('L0');
  dbPath = join(evidence.dir, 'session.db');
});
afterEach(() => evidence.cleanup());

async function independentHashes(path: string): Promise<FileHashes> {
  const bytes = readFileSync(path);
  return {
    path,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    blake3: (await blake3Tag(bytes)).replace(/^blake3:/, ''),
  };
}

/** Overwrites bytes in place (same inode, so the proof's identity check passes and only the content differs). */
function scribble(path: string): void {
  const fd = openSync(path, 'r+');
  try {
    writeSync(fd, Buffer.alloc(64, 0x5a), 0, 64, statSync(path).size - 64);
  } finally {
    closeSync(fd);
  }
}

describe('copy proof after a deferred open', () => {
  it('passes on intact evidence: hashes.db fills in with the evidence hashes, the copy is 0600 and equal', async () => {
    const before = pictureOf(evidence.dir);
    const r = await openEvidence([evidence.dir], { deferChecks: true, deferAboveBytes: 0 });
    if (!r.ok) throw new Error(r.error.message);
    const ev = r.value;
    try {
      expect(ev.snapshot.proveDbCopy).toBeTypeOf('function');
      expect(ev.followUp!.copyProof()).toEqual({ state: 'pending' });
      expect(ev.hashes.db).toBeNull();
      // The -wal was copied while hashed, as always: known at once; session.db is not among the sources yet.
      expect(ev.snapshot.sources.map((s) => s.path)).toEqual([`${dbPath}-wal`]);
      expect(statSync(ev.snapshot.dbCopyPath).mode & 0o777).toBe(0o600);
      await ev.followUp!.copyProofSettled;
      const expected = await independentHashes(dbPath);
      expect(ev.followUp!.copyProof()).toEqual({ state: 'done', value: expected });
      expect(ev.hashes.db).toEqual(expected);
      expect(ev.snapshot.sources.map((s) => s.path)).toEqual([dbPath, `${dbPath}-wal`]);
      expect(readFileSync(ev.snapshot.dbCopyPath).equals(readFileSync(dbPath))).toBe(true);
      await ev.followUp!.settled;
    } finally {
      ev.close();
    }
    expect(pictureOf(evidence.dir)).toEqual(before);
  });

  it('fails with SNAPSHOT_MISMATCH, both digests named, when session.db changed after the copy; views are refused', async () => {
    let copiedBytes: Buffer | null = null;
    // The change lands right after the open returned and before the proof starts (it waits one event-loop turn).
    const registry = new EvidenceRegistry({
      sampleDir: null,
      openOptions: { deferAboveBytes: 0 },
      open: async (paths, opts) => {
        const r = await openEvidence(paths, opts);
        if (r.ok) {
          copiedBytes = readFileSync(r.value.snapshot.dbCopyPath);
          scribble(dbPath);
        }
        return r;
      },
    });
    const opened = await registry.open([evidence.dir], 'path');
    if (!opened.ok) throw new Error(opened.error.message);
    const id = opened.value.id;
    const ev = registry.getEvenIfDamaged(id);
    try {
      await ev.followUp!.copyProofSettled;
      const part = ev.followUp!.copyProof();
      expect(part.state).toBe('failed');
      const error = part.state === 'failed' ? part.error : null;
      expect(error?.code).toBe('SNAPSHOT_MISMATCH');
      const source = await independentHashes(dbPath);
      const copy = (await blake3Tag(copiedBytes!)).replace(/^blake3:/, '');
      expect(source.blake3).not.toBe(copy);
      expect(error?.message).toContain(dbPath);
      expect(error?.message).toContain(source.blake3);
      expect(error?.message).toContain(copy);
      expect(ev.hashes.db).toBeNull();
      let refused: unknown = null;
      try {
        registry.get(id);
      } catch (e) {
        refused = e;
      }
      expect(refused).toBeInstanceOf(InspectorError);
      expect((refused as InspectorError).code).toBe('SNAPSHOT_MISMATCH');
      expect(() => registry.summary(id)).toThrow(/does not hash like its source/);
      // The report still gets it, as with a failed quick_check.
      expect(registry.getEvenIfDamaged(id)).toBe(ev);
    } finally {
      registry.closeAll();
    }
  });
});

describe('closing during the proof', () => {
  it('stops it (CANCELLED), leaves the part as it was and settles copyProofSettled', async () => {
    const r = await openEvidence([evidence.dir], { deferChecks: true, deferAboveBytes: 0 });
    if (!r.ok) throw new Error(r.error.message);
    const ev = r.value;
    const running = ev.snapshot.proveDbCopy!();
    ev.close();
    await expect(running).rejects.toMatchObject({ code: 'CANCELLED' });
    await ev.followUp!.copyProofSettled;
    expect(ev.followUp!.copyProof()).toEqual({ state: 'pending' });
    expect(ev.hashes.db).toBeNull();
  });
});

describe('proveCopy', () => {
  const req = { sourcePath: '/evidence/session.db', copyPath: '/scratch/session.db' };
  const source: FileHashes = { path: req.sourcePath, size: 10, sha256: 'a'.repeat(64), blake3: 'b'.repeat(64) };

  it('returns the source hashes when size and BLAKE3 agree', async () => {
    await expect(
      proveCopy(req, { hashSource: async () => source, hashCopy: async () => ({ size: 10, blake3: 'b'.repeat(64) }) }),
    ).resolves.toEqual(source);
  });

  it('refuses a different size even with the same BLAKE3', async () => {
    await expect(
      proveCopy(req, { hashSource: async () => source, hashCopy: async () => ({ size: 11, blake3: 'b'.repeat(64) }) }),
    ).rejects.toMatchObject({ code: 'SNAPSHOT_MISMATCH' });
  });

  it('turns a source that cannot be read (replaced, gone) into SNAPSHOT_MISMATCH naming it and the cause', async () => {
    const gone = proveCopy(req, {
      hashSource: async () => {
        throw new InspectorError(
          'UNSAFE_PATH',
          `${req.sourcePath} changed into something other than the regular file first seen; not read`,
        );
      },
      hashCopy: async () => ({ size: 10, blake3: 'b'.repeat(64) }),
    });
    await expect(gone).rejects.toMatchObject({ code: 'SNAPSHOT_MISMATCH', message: expect.stringContaining('UNSAFE_PATH') });
    await expect(gone).rejects.toMatchObject({ message: expect.stringContaining(req.sourcePath) });
  });
});

describe('evidence that is small or opened without deferChecks', () => {
  it('a small ledger with deferChecks (below the threshold) is copied while hashed: no follow-up, hashes at once', async () => {
    const r = await openEvidence([evidence.dir], { deferChecks: true });
    if (!r.ok) throw new Error(r.error.message);
    try {
      expect(r.value.followUp).toBeUndefined();
      expect(r.value.snapshot.proveDbCopy).toBeUndefined();
      expect(r.value.hashes.db).toEqual(await independentHashes(dbPath));
      expect(r.value.snapshot.sources.map((s) => s.path)).toEqual([dbPath, `${dbPath}-wal`]);
    } finally {
      r.value.close();
    }
  });

  it('a deferred open asked for no kernel copy (the integrity report) copies while hashing: checks follow, the copy is proven at once', async () => {
    const r = await openEvidence([evidence.dir], { deferChecks: true, deferAboveBytes: 0, kernelCopy: false });
    if (!r.ok) throw new Error(r.error.message);
    try {
      expect(r.value.snapshot.proveDbCopy).toBeUndefined();
      expect(r.value.followUp?.quickCheck().state).not.toBe('skipped');
      expect(r.value.followUp?.copyProof().state).toBe('done');
      expect(r.value.hashes.db).toEqual(await independentHashes(dbPath));
    } finally {
      r.value.close();
    }
  });

  it('an open without deferChecks never kernel-copies, whatever the threshold', async () => {
    const r = await openEvidence([evidence.dir], { deferAboveBytes: 0 });
    if (!r.ok) throw new Error(r.error.message);
    try {
      expect(r.value.snapshot.proveDbCopy).toBeUndefined();
      expect(r.value.hashes.db).toEqual(await independentHashes(dbPath));
    } finally {
      r.value.close();
    }
  });
});

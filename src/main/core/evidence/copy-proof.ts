/**
 * The proof of a copy the kernel made (kernel-copy.ts), taken after the fact: SHA-256 + BLAKE3 of the source read
 * through the safe opener and BLAKE3 of the copy, both reads at once, every hash in a background-priority worker
 * (hash-copy.ts).
 * Equal sizes and BLAKE3 mean the copy holds exactly the bytes the source holds now, and the recorded SHA-256 is
 * the SHA-256 of those same bytes (one read fed both source hashes). A source changed since the copy, replaced, or
 * gone fails the proof: SNAPSHOT_MISMATCH naming the file (and, for different bytes, both digests).
 */
import type { FileHashes } from '../../../shared/ledger-types.js';
import type { Result } from '../../../shared/errors.js';
import { InspectorError, fail, toFailure } from '../../../shared/errors.js';
import type { Evidence } from './types.js';
import { blake3OfOwnFile, hashEvidenceFileInBackground } from './hash-copy.js';
import type { SeenFile } from './safe-fs.js';

export interface CopyProofRequest {
  /** The evidence file that was copied. */
  readonly sourcePath: string;
  /** The lstat taken when it was classified: the proof reads only that same inode. */
  readonly seen?: SeenFile;
  /** The scratch copy. */
  readonly copyPath: string;
  /** Stops both reads (the proof then rejects with CANCELLED): the evidence was closed, the copy is going away. */
  readonly signal?: AbortSignal;
}

/** Reads behind the proof; replaceable in tests to stand for a source whose bytes changed after the copy. */
export interface CopyProofReads {
  readonly hashSource: (path: string, seen?: SeenFile, signal?: AbortSignal) => Promise<FileHashes>;
  readonly hashCopy: (path: string, signal?: AbortSignal) => Promise<{ size: number; blake3: string }>;
}

// Both reads hash in background-priority workers: the proof follows the first view and must not take the CPU from it.
export const DEFAULT_PROOF_READS: CopyProofReads = {
  hashSource: hashEvidenceFileInBackground,
  hashCopy: (path, signal) => blake3OfOwnFile(path, signal, true),
};

/** Resolves with the source's hashes when the copy is proven; rejects with SNAPSHOT_MISMATCH otherwise (CANCELLED once stopped). */
export async function proveCopy(req: CopyProofRequest, reads: CopyProofReads = DEFAULT_PROOF_READS): Promise<FileHashes> {
  const [source, copy] = await Promise.allSettled([
    reads.hashSource(req.sourcePath, req.seen, req.signal),
    reads.hashCopy(req.copyPath, req.signal),
  ]);
  if (req.signal?.aborted)
    throw new InspectorError('CANCELLED', `the proof of the scratch copy of ${req.sourcePath} was stopped: the evidence was closed`);
  if (source.status === 'rejected' || copy.status === 'rejected') {
    const cause = toFailure(source.status === 'rejected' ? source.reason : (copy as PromiseRejectedResult).reason);
    if (cause.code === 'SNAPSHOT_MISMATCH') throw new InspectorError('SNAPSHOT_MISMATCH', cause.message);
    throw new InspectorError(
      'SNAPSHOT_MISMATCH',
      `the scratch copy of ${req.sourcePath} could not be proven against its source (${cause.code}: ${cause.message})`,
    );
  }
  const s = source.value;
  const c = copy.value;
  if (s.size !== c.size || s.blake3 !== c.blake3) {
    throw new InspectorError(
      'SNAPSHOT_MISMATCH',
      `the scratch copy of ${req.sourcePath} does not hash like its source: source blake3 ${s.blake3} (${s.size} bytes), copy blake3 ${c.blake3} (${c.size} bytes); did a writer change it after it was copied?`,
    );
  }
  return s;
}

/**
 * session.db's hashes once they are proven: at once after a plain open; after a deferred one (the kernel copied
 * session.db), once the follow-up's copy proof is done. A failed proof is its failure (SNAPSHOT_MISMATCH). For every
 * reader that must not describe an unproven copy: the WARC export's warcinfo, the integrity report.
 */
export async function provenDbHashes(evidence: Pick<Evidence, 'followUp' | 'hashes' | 'input'>): Promise<Result<FileHashes>> {
  const followUp = evidence.followUp;
  if (followUp) {
    await followUp.copyProofSettled;
    const proof = followUp.copyProof();
    if (proof.state === 'failed') return { ok: false, error: proof.error };
  }
  const db = evidence.hashes.db;
  if (db) return { ok: true, value: db };
  return {
    ok: false,
    error: fail(
      'SNAPSHOT_MISMATCH',
      `the hashes of ${evidence.input.dbPath} are not known (its scratch copy was never proven, or the evidence was closed)`,
    ),
  };
}

// What every exported transcript opens with, so anyone can check it against the ledger: the session, the
// generation, the evidence files' hashes, the trace, and when and by what it was written.
import type { FileHashes } from '../../../../shared/ledger-types.js';
import type { Evidence } from '../../evidence/types.js';
import { basename } from 'node:path';
import { INSPECTOR_NAME, INSPECTOR_VERSION } from '../../../../shared/version.js';
import type { TranscriptFindingKind } from '../../../../shared/contract/transcript.js';
import { verifiedBodiesOf } from '../../jobs/verified-bodies.js';
import { completenessSentence } from './completeness-sentence.js';
import type { HostStop } from '../../completeness/host-stop.js';

export interface ExportHead {
  readonly sessionId: string;
  readonly generation: string;
  readonly traceId: string | null;
  readonly files: readonly {
    readonly role: string;
    readonly path: string;
    readonly size: number;
    readonly sha256: string;
    readonly blake3: string;
  }[];
  readonly pending: readonly string[];
  readonly writtenAt: string;
  readonly writtenBy: string;
  readonly lines: number;
  /** What the last verification proved of the bodies when the file was written, in a sentence. */
  readonly bodies: string;
  /** What the ledger is missing beside what was altered (the completeness section, in a sentence). */
  readonly completeness: string;
  /** Counts per finding kind over the whole transcript (failed bodies among them). */
  readonly findings: Readonly<Partial<Record<TranscriptFindingKind, number>>>;
  /** What the transcript says is left out or not yet known (the page note), or null. */
  readonly note: string | null;
}

/** The bodies' verification as a sentence: how many were verified and failed, or that none had finished. */
function bodiesSentence(e: Evidence): string {
  const v = verifiedBodiesOf(e.db);
  if (!v) return 'bodies not verified when this was written: a failed body would not be marked';
  const failed = v.failures.length + v.omitted;
  return `${(v.total - failed).toLocaleString('en-US')} of ${v.total.toLocaleString('en-US')} bodies verified${failed ? `, ${failed.toLocaleString('en-US')} failed (each marked on its line)` : ''}`;
}

export function exportHead(
  e: Evidence,
  traceId: string | null,
  page: { readonly total: number; readonly findings: ExportHead['findings']; readonly note: string | null },
  hostStop: HostStop | null = null,
): ExportHead {
  // File names only: the reviewer's copy need not say where the evidence sat on this machine.
  const files: ExportHead['files'][number][] = [];
  const pending: string[] = [];
  const named = (role: string, h: FileHashes): ExportHead['files'][number] => ({
    role,
    path: basename(h.path),
    size: h.size,
    sha256: h.sha256,
    blake3: h.blake3,
  });
  if (e.hashes.db) files.push(named('session.db', e.hashes.db));
  else pending.push('session.db (its hash was still being proven)');
  for (const extra of e.snapshot.sources) if (extra.path !== e.hashes.db?.path) files.push(named('sqlite sidecar', extra));
  if (e.hashes.archive) files.push(named('session.bodies', e.hashes.archive));
  else if (e.input.archive) pending.push('session.bodies (its hash was not yet taken)');
  return {
    sessionId: e.sessionId,
    generation: e.generation,
    traceId,
    files,
    pending,
    writtenAt: new Date().toISOString(),
    writtenBy: `${INSPECTOR_NAME} ${INSPECTOR_VERSION}`,
    lines: page.total,
    bodies: bodiesSentence(e),
    completeness: completenessSentence(e.db, hostStop),
    findings: page.findings,
    note: page.note,
  };
}

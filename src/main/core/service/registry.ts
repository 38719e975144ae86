/**
 * The evidence opened in this process, by opaque id. Paths enter only here (command line, the bundled sample,
 * a private upload folder); the UI only ever sees the ids and summaries.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { basename, dirname, join } from 'node:path';
import type { EvidenceSummary, IntegrityReportView } from '../../../shared/contract.js';
import type { Failure, Result } from '../../../shared/errors.js';
import { InspectorError } from '../../../shared/errors.js';
import type { Evidence, OpenEvidenceOptions } from '../evidence/types.js';
import { openEvidence } from '../evidence/open-evidence.js';
import { restrictTables } from '../queries/schema.js';
import { warmRowCounts } from '../tables/row-counts.js';
import { cancelAllSorts } from '../tables/sort-orders.js';
import { warmFsIndex } from '../fs-activity/fs-index-warm.js';
import type { FirstViewGate, FirstViewGateTimes } from '../queries/first-view-gate.js';
import { firstViewGate } from '../queries/first-view-gate.js';
import { copyWhere } from '../evidence/copy-where.js';
import type { UnreadableEvidence } from './unreadable.js';
import { describeUnreadable } from './unreadable.js';
import { isPageDamage } from '../check/damaged-pages-report.js';
import { warmViewReports } from './view-reports.js';

export type EvidenceOpener = (paths: string[], opts?: OpenEvidenceOptions) => Promise<Result<Evidence>>;

interface Entry {
  readonly evidence: Evidence;
  readonly summary: EvidenceSummary;
  /** The paths it was opened from, to return the same id when opened again. */
  readonly key: string;
  /** Extra cleanup (e.g. an upload folder) run on close. */
  readonly onClose: (() => void) | null;
  /** Holds the open's follow-up back until the first view was answered (first-view-gate.ts). */
  readonly gate: FirstViewGate;
}

/** resources/sample/<session-id>/ above this module (sources or build), or null when not bundled. */
export function findBundledSample(start = dirname(fileURLToPath(import.meta.url))): string | null {
  for (let dir = start, i = 0; i < 8; i++, dir = dirname(dir)) {
    const root = join(dir, 'resources', 'sample');
    if (existsSync(root) && statSync(root).isDirectory()) {
      const sessions = readdirSync(root)
        .filter((n) => existsSync(join(root, n, 'session.db')))
        .sort();
      return sessions.length ? join(root, sessions[0]!) : null;
    }
  }
  return null;
}

export class EvidenceRegistry {
  private readonly entries = new Map<string, Entry>();
  /** Evidence SQLite cannot open, listed with its verdict (unreadable.ts); key and cleanup as for entries. */
  private readonly unreadables = new Map<string, UnreadableEvidence & Pick<Entry, 'key' | 'onClose'>>();
  private readonly openedListeners = new Set<(id: string) => void>();
  constructor(
    private readonly options: {
      readonly open?: EvidenceOpener;
      readonly openOptions?: OpenEvidenceOptions;
      readonly sampleDir?: string | null;
      /** When the follow-up of an open may start (first-view-gate.ts); null: at once, as the CLI. */
      readonly firstViewGate?: FirstViewGateTimes | null;
    } = {},
  ) {}

  /** Where scratch copies go (the hunt opens its sessions there too, so serve's cleanup finds them). */
  get scratchRoot(): string | undefined {
    return this.options.openOptions?.scratchRoot;
  }

  async open(paths: string[], origin: EvidenceSummary['origin'], onClose: (() => void) | null = null): Promise<Result<EvidenceSummary>> {
    const key = `${origin}:${paths.join('\0')}`;
    const existing = [...this.entries.values(), ...this.unreadables.values()].find((e) => e.key === key);
    if (existing && origin !== 'dropped') return { ok: true, value: existing.summary };
    // The app's opens are deferred: the first view needs no quick_check of a large ledger (see open-evidence.ts), and
    // the follow-up that runs it starts once the first view was answered.
    const gate = firstViewGate(this.options.firstViewGate ?? {});
    if (this.options.firstViewGate === null) gate.release();
    const opened = await (this.options.open ?? openEvidence)(paths, {
      deferChecks: true,
      followUpAfter: gate.passed,
      ...this.options.openOptions,
    });
    if (!opened.ok) {
      gate.release();
      // Page damage is a verdict (DAMAGED), not a refusal: the evidence is listed with what could be read.
      if (isPageDamage(opened.error)) return { ok: true, value: await this.keepUnreadable(paths, origin, opened.error, key, onClose) };
      onClose?.();
      return opened;
    }
    gate.arm();
    const evidence = opened.value;
    restrictTables(evidence.db, evidence.tables.keys());
    // Counted off this thread from now on: the first Overview or Tables list needs them, nothing else waits on them.
    void warmRowCounts(evidence.db, evidence.snapshot.dbCopyPath);
    // File activity's fs_events index, off this thread once the first view was answered (fs-index-warm.ts).
    void gate.passed.then(() => (evidence.db.open ? warmFsIndex(evidence) : undefined));
    // The investigation views' reports, off this thread after that, so a first visit finds them made (view-reports.ts).
    void gate.passed.then(() => (evidence.db.open ? warmViewReports(evidence) : undefined));
    const summary: EvidenceSummary = {
      id: evidence.id,
      sessionId: evidence.sessionId,
      displayName: evidence.displayName,
      generation: evidence.generation,
      openedAt: new Date().toISOString(),
      origin,
      copy: { where: copyWhere(evidence.input.dir, origin), dbSha256: evidence.hashes.db?.sha256 ?? null },
    };
    this.entries.set(evidence.id, { evidence, summary, key, onClose, gate });
    for (const l of this.openedListeners) l(evidence.id);
    return { ok: true, value: summary };
  }

  private async keepUnreadable(
    paths: string[],
    origin: EvidenceSummary['origin'],
    failure: Failure,
    key: string,
    onClose: (() => void) | null,
  ): Promise<EvidenceSummary> {
    // A drop's files sit in a private upload folder: the report names them as the user dropped them.
    const folder = paths[0]!;
    const scrub = origin === 'dropped' ? (t: string) => t.split(folder).join(`the dropped ${basename(folder)}`) : undefined;
    const unreadable = await describeUnreadable(paths, origin, failure, scrub, this.options.openOptions?.scratchRoot);
    this.unreadables.set(unreadable.summary.id, { ...unreadable, key, onClose });
    return unreadable.summary;
  }

  /** The integrity report of evidence SQLite could not open, or null for any other id. */
  unreadableReport(id: string): IntegrityReportView | null {
    return this.unreadables.get(id)?.report ?? null;
  }

  /** Hears every new open (the service starts its body verification from here: verification is part of opening). */
  onOpened(listener: (id: string) => void): () => void {
    this.openedListeners.add(listener);
    return () => this.openedListeners.delete(listener);
  }

  /** Settles when this evidence's follow-up may start (first-view-gate.ts); at once for evidence not open. */
  followUpMayStart(id: string): Promise<void> {
    return this.entries.get(id)?.gate.passed ?? Promise.resolve();
  }

  has(id: string): boolean {
    return this.entries.has(id) || this.unreadables.has(id);
  }

  openSample(): Promise<Result<EvidenceSummary>> {
    const dir = this.options.sampleDir === undefined ? findBundledSample() : this.options.sampleDir;
    if (!dir)
      return Promise.resolve({
        ok: false,
        error: { code: 'NOT_FOUND', message: 'no bundled sample ledger was found under resources/sample/' },
      });
    return this.open([dir], 'sample');
  }

  /**
   * The evidence for a structured view. Refused (DB_CORRUPT) once its deferred quick_check failed: SQL-2's rule
   * that a damaged ledger's structured views are refused, applied as soon as the damage is known. Refused likewise
   * (SNAPSHOT_MISMATCH) once the proof of its kernel copy failed: the copy the views read is then not known to be
   * the evidence. The proof's verdict comes first, since quick_check judged that same unproven copy.
   */
  get(id: string): Evidence {
    const evidence = this.getEvenIfDamaged(id);
    const proof = evidence.followUp?.copyProof();
    if (proof?.state === 'failed') throw new InspectorError(proof.error.code, proof.error.message);
    const check = evidence.followUp?.quickCheck();
    if (check?.state === 'failed') throw new InspectorError(check.error.code, check.error.message);
    return evidence;
  }

  /** The evidence whatever its quick_check found: for the integrity report, which reports the damage itself. */
  getEvenIfDamaged(id: string): Evidence {
    const e = this.entries.get(id);
    const unreadable = this.unreadables.get(id)?.summary.unreadable;
    // Every view of evidence SQLite could not open is refused with the open's own failure.
    if (unreadable) throw new InspectorError(unreadable.code, unreadable.message);
    if (!e) throw new InspectorError('BAD_REQUEST', `no open evidence has id ${id}`);
    return e.evidence;
  }

  /** A call for this evidence was answered (the service tells): the follow-up starts once the first view's are. */
  answered(id: string): void {
    this.entries.get(id)?.gate.answered();
  }

  summary(id: string): EvidenceSummary {
    const unreadable = this.unreadables.get(id);
    if (unreadable) return unreadable.summary;
    this.get(id);
    return this.entries.get(id)!.summary;
  }

  list(): EvidenceSummary[] {
    return [...this.entries.values(), ...this.unreadables.values()]
      .map((e) => e.summary)
      .sort((a, b) => (a.openedAt < b.openedAt ? 1 : a.openedAt > b.openedAt ? -1 : 0));
  }

  close(id: string): void {
    const unreadable = this.unreadables.get(id);
    if (unreadable) {
      this.unreadables.delete(id);
      unreadable.onClose?.();
      return;
    }
    const e = this.entries.get(id);
    if (!e) throw new InspectorError('BAD_REQUEST', `no open evidence has id ${id}`);
    this.entries.delete(id);
    e.gate.release();
    // A background sort of a table (sort-orders.ts) reads the copy that is about to go: it ends with it.
    cancelAllSorts(e.evidence.db);
    e.evidence.close();
    e.onClose?.();
  }

  closeAll(): void {
    for (const id of [...this.entries.keys(), ...this.unreadables.keys()]) this.close(id);
  }
}

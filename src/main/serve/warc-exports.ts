/**
 * Serve's WARC exports: each written into a private folder of its own (mode 0700, outside any evidence, with a
 * marker so a killed serve's folder is removed at the next start), and offered for download only once the export
 * job re-read the whole file and checked every record, as the desktop menu publishes its file only then. At most one
 * export per evidence runs, and one verified file per evidence is kept: a new export replaces it, it expires after
 * WARC_IDLE_MS without a download, and serve's close removes the rest.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Result } from '../../shared/errors.js';
import { fail, toFailure } from '../../shared/errors.js';
import type { Evidence } from '../core/evidence/types.js';
import { markerText, removeAbandonedScratch } from '../core/evidence/abandoned-scratch.js';
import type { ExportSummary } from '../core/warc/types.js';
import type { RunWarcExport } from './warc-export-runner.js';

export const WARC_PREFIX = 'capsem-warc-';
export const WARC_MARKER = '.capsem-inspect-warc';
/** A verified file nobody downloaded for this long is removed (a WARC is as large as the bodies it holds). */
export const WARC_IDLE_MS = 15 * 60_000;

/** A verified export waiting to be downloaded. */
export interface ReadyWarc {
  readonly ticket: string;
  readonly path: string;
  readonly fileName: string;
  readonly size: number;
  readonly summary: ExportSummary;
}

interface Kept extends ReadyWarc {
  readonly dir: string;
  touched: number;
}

/** `<sessionId>.warc.gz` with anything but letters, digits, `-`, `_` and `.` replaced: the id is ledger text. */
export function warcFileName(sessionId: string): string {
  const safe = sessionId.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 120);
  return `${safe || 'session'}.warc.gz`;
}

export class WarcExportArea {
  private readonly running = new Set<string>();
  private readonly kept = new Map<string, Kept>();
  constructor(
    private readonly run: RunWarcExport,
    private readonly scratchRoot = tmpdir(),
    private readonly now: () => number = Date.now,
  ) {
    removeAbandonedScratch([{ prefix: WARC_PREFIX, marker: WARC_MARKER }], scratchRoot);
  }

  /** True while an export of this evidence runs (a second one would copy and write the same file again). */
  busy(evidenceId: string): boolean {
    return this.running.has(evidenceId);
  }

  /** Exports, waits for the job's re-read, and keeps the verified file under a fresh ticket. */
  async export(evidence: Evidence, signal: AbortSignal): Promise<Result<ReadyWarc>> {
    this.expire();
    if (this.running.has(evidence.id))
      return { ok: false, error: fail('EXPORT_FAILED', 'an export of this session is already running; wait for it to finish') };
    this.running.add(evidence.id);
    const dir = mkdtempSync(join(this.scratchRoot, WARC_PREFIX));
    const fileName = warcFileName(evidence.sessionId);
    const path = join(dir, fileName);
    try {
      writeFileSync(join(dir, WARC_MARKER), markerText('WARC export folder'), { mode: 0o600, flag: 'wx' });
      const r = await this.run(evidence, path, signal);
      if (!r.ok) {
        rmSync(dir, { recursive: true, force: true });
        return { ok: false, error: { ...r.error, message: this.privately(r.error.message, dir, path, fileName) } };
      }
      this.drop(evidence.id);
      const ready: Kept = {
        ticket: randomBytes(16).toString('hex'),
        path,
        fileName,
        size: statSync(path).size,
        summary: r.value,
        dir,
        touched: this.now(),
      };
      this.kept.set(evidence.id, ready);
      return { ok: true, value: ready };
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      const failure = toFailure(error);
      return { ok: false, error: { ...failure, message: this.privately(failure.message, dir, path, fileName) } };
    } finally {
      this.running.delete(evidence.id);
    }
  }

  /** The verified file a ticket names, or null when there is none (never exported, replaced, expired). */
  take(evidenceId: string, ticket: string): ReadyWarc | null {
    this.expire();
    const k = this.kept.get(evidenceId);
    if (!k || k.ticket !== ticket) return null;
    k.touched = this.now();
    return k;
  }

  disposeAll(): void {
    for (const id of [...this.kept.keys()]) this.drop(id);
  }

  private drop(evidenceId: string): void {
    const k = this.kept.get(evidenceId);
    if (!k) return;
    this.kept.delete(evidenceId);
    rmSync(k.dir, { recursive: true, force: true });
  }

  private expire(): void {
    const now = this.now();
    for (const [id, k] of this.kept) if (now - k.touched > WARC_IDLE_MS) this.drop(id);
  }

  /** A failure names the file as the page knows it, never this machine's private export folder. */
  private privately(message: string, dir: string, path: string, fileName: string): string {
    return message.split(path).join(fileName).split(dir).join("serve's export folder");
  }
}

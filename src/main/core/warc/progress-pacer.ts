/**
 * Paces progress reports (at most one per interval, plus one at the end of each phase) and yields to the event loop
 * now and then, so a worker can receive its cancel message and post progress while the job runs synchronous work.
 */
import type { ExportPhase, ExportProgress } from './types.js';

const YIELD_EVERY_MS = 25;

export class ProgressPacer {
  private phase: ExportPhase = 'writing';
  private recordsTotal = 0;
  private bytesTotal = 0;
  private recordsDone = 0;
  private bytesDone = 0;
  private lastReport = 0;
  private lastYield = Date.now();

  constructor(
    private readonly onProgress: ((progress: ExportProgress) => void) | undefined,
    private readonly intervalMs: number,
  ) {}

  start(phase: ExportPhase, recordsTotal: number, bytesTotal: number): void {
    this.phase = phase;
    this.recordsTotal = recordsTotal;
    this.bytesTotal = bytesTotal;
    this.recordsDone = 0;
    this.bytesDone = 0;
    this.lastReport = 0;
    this.report(true);
  }

  /** Adds to the counts; may yield to the event loop, then runs `afterYield` (the cancel check). */
  async advance(records: number, bytes: number, afterYield: () => void): Promise<void> {
    this.recordsDone += records;
    this.bytesDone += bytes;
    this.report(false);
    const now = Date.now();
    if (now - this.lastYield >= YIELD_EVERY_MS) {
      this.lastYield = now;
      await new Promise<void>((resolve) => setImmediate(resolve));
      afterYield();
    }
  }

  /** Sets absolute counts (the re-read knows them from its own position). */
  set(records: number, bytes: number): void {
    this.recordsDone = records;
    this.bytesDone = bytes;
    this.report(false);
  }

  finish(): void {
    this.report(true);
  }

  private report(force: boolean): void {
    if (!this.onProgress) return;
    const now = Date.now();
    if (!force && now - this.lastReport < this.intervalMs) return;
    this.lastReport = now;
    this.onProgress({
      phase: this.phase,
      recordsDone: this.recordsDone,
      recordsTotal: this.recordsTotal,
      bytesDone: this.bytesDone,
      bytesTotal: this.bytesTotal,
    });
  }
}

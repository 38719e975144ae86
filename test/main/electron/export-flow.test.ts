import { describe, expect, it } from 'vitest';
import type { Result } from '../../../src/shared/errors.js';
import type { ExportProgress, ExportSummary } from '../../../src/main/core/warc/types.js';
import type { ExportFlowPorts, ExportNotice } from '../../../src/main/electron/export-flow.js';
import { ExportRegistry, runExportFlow, withWarcExtension } from '../../../src/main/electron/export-flow.js';

const summary: ExportSummary = {
  path: '/out/ses_1.warc.gz',
  exportId: '0'.repeat(32),
  sourceNote: null,
  exportDate: '2026-01-01T00:00:00Z',
  digestAlgorithm: 'blake3',
  indexRows: 12,
  resourceRecords: 11,
  skipped: 1,
  skippedByReason: {
    'corrupt-body': 1,
    'missing-source-row': 0,
    'unreadable-body': 0,
    'unreadable-timestamp': 0,
    'unrepresentable-uri': 0,
  },
  skippedSample: [],
  fileBytes: 4096,
  fileSha256: 'a'.repeat(64),
  fileBlake3: 'b'.repeat(64),
  blockBytes: 3000,
};

function ports(over: Partial<ExportFlowPorts> = {}) {
  const notices: ExportNotice[] = [];
  const progress: (ExportProgress | null)[] = [];
  const destinations: string[] = [];
  const p: ExportFlowPorts = {
    chooseDestination: async () => '/out/ses_1',
    checkDestination: (path) =>
      path.startsWith('/cases/')
        ? { ok: false, error: { code: 'EXPORT_DESTINATION', message: `${path} lies inside the evidence folder /cases/ses_1` } }
        : { ok: true, value: path },
    runExport: async (destination, onProgress) => {
      destinations.push(destination);
      onProgress({ phase: 'writing', recordsDone: 5, recordsTotal: 11, bytesDone: 100, bytesTotal: 300 });
      onProgress({ phase: 'verifying', recordsDone: 11, recordsTotal: 11, bytesDone: 4096, bytesTotal: 4096 });
      return { ok: true, value: summary };
    },
    showProgress: (x) => progress.push(x),
    notify: (n) => notices.push(n),
    ...over,
  };
  return { p, notices, progress, destinations };
}

describe('export flow', () => {
  it('dialog → job with progress → notice naming the file and its digests', async () => {
    const f = ports();
    const out = await runExportFlow('ses_1.warc.gz', f.p, new AbortController().signal);
    expect(out).toEqual({ kind: 'done', summary });
    expect(f.destinations).toEqual(['/out/ses_1.warc.gz']); // the extension was added
    expect(f.progress.map((x) => x?.phase ?? null)).toEqual(['writing', 'writing', 'verifying', null]);
    expect(f.notices).toHaveLength(1);
    const notice = f.notices[0]!;
    expect(notice.kind).toBe('done');
    expect(notice.detail).toContain('/out/ses_1.warc.gz');
    expect(notice.detail).toContain(`SHA-256 ${'a'.repeat(64)}`);
    expect(notice.detail).toContain(`BLAKE3 ${'b'.repeat(64)}`);
    expect(notice.detail).toContain('11 records, 1 skipped');
  });

  it('does nothing when the dialog is dismissed', async () => {
    const f = ports({ chooseDestination: async () => null });
    expect(await runExportFlow('x', f.p, new AbortController().signal)).toEqual({ kind: 'dismissed' });
    expect(f.destinations).toEqual([]);
    expect(f.notices).toEqual([]);
  });

  it('refuses a destination inside the evidence folder before any job starts', async () => {
    const f = ports({ chooseDestination: async () => '/cases/ses_1/out.warc.gz' });
    const out = await runExportFlow('x', f.p, new AbortController().signal);
    expect(out.kind).toBe('failed');
    expect(f.destinations).toEqual([]);
    expect(f.notices[0]).toMatchObject({ kind: 'failed', title: 'Export refused' });
    expect(f.notices[0]!.detail).toMatch(/^EXPORT_DESTINATION: .*inside the evidence folder/);
  });

  it('cancel: the signal reaches the job and the notice says nothing was left', async () => {
    const registry = new ExportRegistry<number>();
    let seenSignal: AbortSignal | null = null;
    const f = ports({
      runExport: (_d, _p, signal): Promise<Result<ExportSummary>> => {
        seenSignal = signal;
        return new Promise((resolve) =>
          signal.addEventListener('abort', () => resolve({ ok: false, error: { code: 'CANCELLED', message: 'export cancelled' } })),
        );
      },
    });
    const running = registry.run(1, (signal) => runExportFlow('x', f.p, signal));
    await new Promise((r) => setTimeout(r, 5));
    expect(registry.isRunning(1)).toBe(true);
    expect(registry.cancel(1)).toBe(true);
    expect(await running).toEqual({ kind: 'cancelled' });
    expect(seenSignal!.aborted).toBe(true);
    expect(registry.isRunning(1)).toBe(false);
    expect(f.notices[0]).toMatchObject({ kind: 'cancelled' });
    expect(f.notices[0]!.detail).toContain('/out/ses_1.warc.gz');
    expect(f.progress.at(-1)).toBeNull();
  });

  it('failure: code and sentence shown, progress cleared; a throwing job is a failure too', async () => {
    const f = ports({
      runExport: async () => ({ ok: false, error: { code: 'EXPORT_FAILED', message: 'no space left on device writing /out/.x.tmp' } }),
    });
    const out = await runExportFlow('x', f.p, new AbortController().signal);
    expect(out).toEqual({ kind: 'failed', error: { code: 'EXPORT_FAILED', message: 'no space left on device writing /out/.x.tmp' } });
    expect(f.notices[0]!.detail).toMatch(/^EXPORT_FAILED: no space left/);
    expect(f.progress.at(-1)).toBeNull();
    const g = ports({
      runExport: async () => {
        throw new Error('worker died');
      },
    });
    expect(await runExportFlow('x', g.p, new AbortController().signal)).toEqual({
      kind: 'failed',
      error: { code: 'INTERNAL', message: 'worker died' },
    });
  });

  it('one export per window at a time', async () => {
    const registry = new ExportRegistry<number>();
    let release: () => void = () => undefined;
    const first = registry.run(1, () => new Promise((r) => (release = () => r({ kind: 'dismissed' }))));
    expect(await registry.run(1, async () => ({ kind: 'dismissed' }))).toMatchObject({ kind: 'failed', error: { code: 'EXPORT_FAILED' } });
    release();
    expect(await first).toEqual({ kind: 'dismissed' });
  });

  it('names the file .warc.gz', () => {
    expect(withWarcExtension('/o/a')).toBe('/o/a.warc.gz');
    expect(withWarcExtension('/o/a.warc')).toBe('/o/a.warc.gz');
    expect(withWarcExtension('/o/a.WARC.GZ')).toBe('/o/a.WARC.GZ');
  });
});

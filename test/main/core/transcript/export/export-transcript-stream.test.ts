// The streamed export writes exactly the bytes the former export wrote (its head, then every line asked for by
// offset a page at a time, then its foot), in every format, for the session and each trace of fixture ledgers:
// the writer's plain ledger, and one with a damaged segment (failed bodies marked) and rows no trace carries.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TranscriptFormat, TranscriptLine } from '../../../../../src/shared/contract/transcript.js';
import { TRANSCRIPT_FORMATS, TRANSCRIPT_PAGE_MAX } from '../../../../../src/shared/contract/transcript.js';
import type { Evidence } from '../../../../../src/main/core/evidence/types.js';
import { openEvidence } from '../../../../../src/main/core/evidence/open-evidence.js';
import { listTraces } from '../../../../../src/main/core/traces/traces.js';
import { startEvidenceVerify } from '../../../../../src/main/core/integrity/verify-adapter.js';
import { recordVerification } from '../../../../../src/main/core/jobs/verified-bodies.js';
import type { ExportHead } from '../../../../../src/main/core/transcript/export/export-head.js';
import { exportHead } from '../../../../../src/main/core/transcript/export/export-head.js';
import { writeTranscript } from '../../../../../src/main/core/transcript/export/export-transcript.js';
import { htmlFoot, htmlHead, htmlLine } from '../../../../../src/main/core/transcript/export/render-html.js';
import { jsonFoot, jsonHead, jsonLine } from '../../../../../src/main/core/transcript/export/render-json.js';
import { mdFoot, mdHead, mdLine } from '../../../../../src/main/core/transcript/export/render-md.js';
import { transcriptPage } from '../../../../../src/main/core/transcript/transcript-page.js';
import { writeLedger } from '../../../../fixtures/writer/ledger-writer.js';
import { plantUntracedRows } from '../../../../fixtures/writer/untraced-rows.js';

const RENDER: Record<TranscriptFormat, { head(h: ExportHead): string; line(l: TranscriptLine): string; foot(): string }> = {
  md: { head: mdHead, line: mdLine, foot: mdFoot },
  html: { head: htmlHead, line: htmlLine, foot: htmlFoot },
  json: { head: jsonHead, line: jsonLine, foot: jsonFoot },
};

/** The export as it was before it streamed: every page asked by offset through transcriptPage, kept only here. */
function formerExport(e: Evidence, traceId: string | undefined, format: TranscriptFormat): string {
  const r = RENDER[format];
  let page = transcriptPage(e, { traceId, offset: 0, limit: TRANSCRIPT_PAGE_MAX });
  const out = [r.head(exportHead(e, traceId ?? null, page))];
  for (;;) {
    for (const l of page.lines) out.push(r.line(l));
    const next = page.offset + page.lines.length;
    if (page.lines.length === 0 || next >= page.total) break;
    page = transcriptPage(e, { traceId, offset: next, limit: TRANSCRIPT_PAGE_MAX });
  }
  out.push(r.foot());
  return out.join('');
}

const root = mkdtempSync(join(tmpdir(), 'transcript-stream-'));
const opened: Evidence[] = [];

async function open(name: string, damaged: boolean): Promise<Evidence> {
  const w = await writeLedger(join(root, name), {
    generation: 'A4',
    seed: damaged ? 5 : 3,
    ...(damaged ? { damage: 'flip-payload-byte' } : {}),
  });
  if (damaged) plantUntracedRows(w.dbPath);
  const r = await openEvidence([w.sessionDir], { scratchRoot: root });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  // Verified first, as the CLI does, so failed bodies are marked on their lines and counted in the head.
  const v = await startEvidenceVerify(r.value, () => undefined).result;
  if (v.ok) recordVerification(r.value.db, v.value);
  opened.push(r.value);
  return r.value;
}

let plain: Evidence;
let damaged: Evidence;
beforeAll(async () => {
  plain = await open('plain', false);
  damaged = await open('damaged', true);
});
afterEach(() => vi.useRealTimers());
afterAll(() => {
  for (const e of opened) e.close();
  rmSync(root, { recursive: true, force: true });
});

describe('streamed transcript export', () => {
  it.each([
    ['the plain ledger', () => plain],
    ['the damaged ledger with untraced rows', () => damaged],
  ])('writes the former bytes for %s: the session and every trace, in every format', (_, ledger) => {
    const e = ledger();
    // One clock for both writes: the head's writtenAt is the only byte that may differ otherwise.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T15:00:00.000Z'));
    const traces = [undefined, ...listTraces(e.db).traces.map((t) => t.traceId)];
    for (const traceId of traces)
      for (const format of TRANSCRIPT_FORMATS) {
        const parts: string[] = [];
        writeTranscript(e, { traceId, format }, (c) => parts.push(c));
        expect(parts.join(''), `${traceId ?? 'session'} ${format}`).toBe(formerExport(e, traceId, format));
      }
  });

  it('the damaged ledger marks failed bodies and tells its untraced rows (so the comparison covers both)', () => {
    const json = formerExport(damaged, undefined, 'json');
    expect(json).toContain('"body_failed"');
    expect(json).toContain('carries no trace_id: placed by time among the untraced rows');
  });
});

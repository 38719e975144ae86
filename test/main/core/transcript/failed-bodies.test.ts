// Every failed body is marked: on a ledger with one damaged segment, the marks on the whole session's lines are the
// verification's failures one for one, each trace's header chip counts its own, and a saved transcript carries the
// same marks and says in its head what the verification found. Before any verification, the page says so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import { listTraces } from '../../../../src/main/core/traces/traces.js';
import { recordVerification } from '../../../../src/main/core/jobs/verified-bodies.js';
import type { VerifySummary } from '../../../../src/main/core/jobs/verify-types.js';
import { startEvidenceVerify } from '../../../../src/main/core/integrity/verify-adapter.js';
import { exportTranscript } from '../../../../src/main/core/transcript/export/export-transcript.js';
import { transcriptPage } from '../../../../src/main/core/transcript/transcript-page.js';
import type { TranscriptLine } from '../../../../src/shared/contract/transcript.js';
import { allTranscriptLines } from '../../../fixtures/transcript-lines.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';

const root = mkdtempSync(join(tmpdir(), 'failed-bodies-'));
let evidence: Evidence;
let summary: VerifySummary;
beforeAll(async () => {
  const written = await writeLedger(join(root, 'damaged'), { generation: 'A4', seed: 7, damage: 'flip-payload-byte' });
  const opened = await openEvidence([written.sessionDir], { scratchRoot: root });
  if (!opened.ok) throw new Error(opened.error.message);
  evidence = opened.value;
});
afterAll(() => {
  evidence?.close();
  rmSync(root, { recursive: true, force: true });
});

function lines(traceId?: string): TranscriptLine[] {
  return allTranscriptLines(evidence, traceId, 50);
}

/** `event_id source_table/direction` of each body_failed mark (the direction is the mark's own words). */
const marks = (ls: readonly TranscriptLine[]): string[] =>
  ls.flatMap((l) =>
    l.findings.filter((f) => f.kind === 'body_failed').map((f) => `${l.eventId} ${l.row!.table}/${/^the (\w+) body/.exec(f.message)![1]}`),
  );

describe('failed bodies in the transcript', () => {
  it('says its bodies are not verified before any verification has finished', () => {
    expect(transcriptPage(evidence, { limit: 1 }).note).toMatch(/bodies are not verified yet/);
  });

  it('marks each failed body on its line, one for one with the verification, and counts them in the chips', async () => {
    const r = await startEvidenceVerify(evidence, () => undefined).result;
    if (!r.ok) throw new Error(r.error.message);
    summary = r.value;
    recordVerification(evidence.db, summary);
    expect(summary.failures.length).toBeGreaterThan(1);
    expect(summary.failuresOmitted).toBe(0);
    const want = summary.failures.map((f) => `${f.eventId} ${f.sourceTable}/${f.direction}`).sort();
    expect(marks(lines()).sort()).toEqual(want);
    expect(transcriptPage(evidence, { limit: 1 }).findings.body_failed).toBe(want.length);
    expect(transcriptPage(evidence, { limit: 1 }).note ?? '').not.toMatch(/not verified/);
    let inTraces = 0;
    for (const t of listTraces(evidence.db).traces) {
      const own = marks(lines(t.traceId)).length;
      expect(transcriptPage(evidence, { traceId: t.traceId, limit: 1 }).findings.body_failed ?? 0).toBe(own);
      inTraces += own;
    }
    expect(inTraces).toBeLessThanOrEqual(want.length);
  });

  it('carries the marks and the verification into every saved format', () => {
    const n = summary.failures.length;
    const md = exportTranscript(evidence, { format: 'md' }).text;
    expect(md.match(/\*\*finding body\\_failed\*\*/g)?.length).toBe(n);
    expect(md).toMatch(new RegExp(`Findings: [^\\n]*body\\\\_failed ×${n}[,.]`));
    expect(md).toMatch(new RegExp(`Bodies: [\\d,]+ of [\\d,]+ bodies verified, ${n} failed`));
    const html = exportTranscript(evidence, { format: 'html' }).text;
    expect(html.match(/<div class="finding">finding body_failed/g)?.length).toBe(n);
    expect(html).toMatch(new RegExp(`<p>Findings: [^<]*body_failed ×${n}[,.]`));
    const json = exportTranscript(evidence, { format: 'json' })
      .text.trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; findings: { kind: string }[] | Record<string, number> });
    expect((json[0]!.findings as Record<string, number>).body_failed).toBe(n);
    expect(json.slice(1).flatMap((l) => (l.findings as { kind: string }[]).filter((f) => f.kind === 'body_failed')).length).toBe(n);
  });
});

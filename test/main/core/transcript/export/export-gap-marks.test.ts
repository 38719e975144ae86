// A saved transcript carries the gap marks, each turn's coverage (issue 38) and each trace's and turn's egress (issue
// 40) as the view shows them: in Markdown and HTML as text lines in the same words, in JSON as the lines' own fields,
// one for one with the transcript's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEvidence } from '../../../../../src/main/core/evidence/open-evidence.js';
import type { Evidence } from '../../../../../src/main/core/evidence/types.js';
import { exportTranscript } from '../../../../../src/main/core/transcript/export/export-transcript.js';
import { mdInline } from '../../../../../src/main/core/transcript/export/render-md.js';
import { esc } from '../../../../../src/main/core/transcript/export/render-html.js';
import { transcriptPage } from '../../../../../src/main/core/transcript/transcript-page.js';
import type { TranscriptLine } from '../../../../../src/shared/contract/transcript.js';
import { writeLedger } from '../../../../fixtures/writer/ledger-writer.js';

const root = mkdtempSync(join(tmpdir(), 'export-gap-marks-'));
let evidence: Evidence;
let lines: readonly TranscriptLine[];
beforeAll(async () => {
  // The writer's A4 ledger cuts bodies at capture and has overflow windows: gaps to mark.
  const written = await writeLedger(join(root, 'a4'), { generation: 'A4', sessionId: 'export-gaps' });
  const opened = await openEvidence([written.sessionDir], { scratchRoot: root });
  if (!opened.ok) throw new Error(opened.error.message);
  evidence = opened.value;
  lines = transcriptPage(evidence, { limit: 500 }).lines;
});
afterAll(() => {
  evidence?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('gap marks and coverage in a saved transcript', () => {
  it('Markdown and HTML carry every mark and every coverage as a line of text, in the words of the view', () => {
    const gaps = lines.flatMap((l) => l.gaps);
    const covered = lines.flatMap((l) => (l.coverage ? [l.coverage] : []));
    expect(gaps.length).toBeGreaterThan(0);
    expect(covered.length).toBeGreaterThan(0);
    const md = exportTranscript(evidence, { format: 'md' }).text;
    expect(md.match(/\*\*gap [A-Z\\_]+\*\*: /g)?.length).toBe(gaps.length);
    for (const g of gaps) expect(md).toContain(`**gap ${mdInline(g.kind)}**: ${mdInline(g.says)}`);
    expect(md.match(/^coverage: /gm)?.length).toBe(covered.length);
    const html = exportTranscript(evidence, { format: 'html' }).text;
    expect(html.match(/<div class="gap">/g)?.length).toBe(gaps.length);
    for (const g of gaps) expect(html).toContain(`<div class="gap">gap ${g.kind}: ${esc(g.says)}</div>`);
    expect(html.match(/<div class="coverage">coverage: /g)?.length).toBe(covered.length);
  });

  it('Markdown and HTML carry the egress line of every trace and turn header that has one, in the words of the view', () => {
    const egress = lines.flatMap((l) => (l.egress ? [l.egress.says] : []));
    expect(lines.filter((l) => l.kind === 'trace' && l.egress).length).toBeGreaterThan(0);
    expect(lines.filter((l) => l.kind === 'turn' && l.egress).length).toBeGreaterThan(0);
    const md = exportTranscript(evidence, { format: 'md' }).text;
    expect(md.match(/^egress: .*$/gm)).toEqual(egress.map((e) => `egress: ${mdInline(e)}`));
    const html = exportTranscript(evidence, { format: 'html' }).text;
    expect(html.match(/<div class="coverage">egress: [^<]*<\/div>/g)).toEqual(
      egress.map((e) => `<div class="coverage">egress: ${esc(e)}</div>`),
    );
  });

  it('JSON keeps them as the lines carry them', () => {
    const json = exportTranscript(evidence, { format: 'json' })
      .text.trim()
      .split('\n')
      .slice(1)
      .map((l) => JSON.parse(l) as TranscriptLine);
    expect(json.map((l) => l.gaps)).toEqual(lines.map((l) => l.gaps));
    expect(json.map((l) => l.coverage)).toEqual(lines.map((l) => l.coverage));
    expect(json.map((l) => l.egress)).toEqual(lines.map((l) => l.egress));
  });
});

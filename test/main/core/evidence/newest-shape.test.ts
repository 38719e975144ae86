// Shape before marker (docs/formats/ledger-format.md#generations, #identifying-a-ledger): an A4 ledger with an
// earlier A4 build's tables opens, but every missing table and column of the newest shape is named in the report, its
// JSON, the generation line and the overview's notes, with what Capsem's current build would do.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NEWEST_A4_SHAPE, newestShapeGaps } from '../../../../src/main/core/evidence/newest-shape.js';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import { run } from '../../../../src/cli/commands/check.js';
import { buildOverview } from '../../../../src/main/core/overview/overview.js';
import { captureIo } from '../../../../src/cli/io.js';
import { A4_TABLES } from '../../../fixtures/writer/schema-a4.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import { EARLY_A4_MISSING, makeEarlyA4Build } from '../../../fixtures/writer/early-a4.js';

const root = mkdtempSync(join(tmpdir(), 'newest-shape-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the newest A4 shape', () => {
  it('is the shape our writer writes for A4 (the two are held in step)', () => {
    const written = Object.fromEntries(
      Object.entries(A4_TABLES).map(([t, d]) => [
        t,
        d.columns.map((c) => c.trim().split(/\s+/)[0]!).filter((c) => !/^(UNIQUE|CHECK|PRIMARY|FOREIGN|CONSTRAINT)$/i.test(c)),
      ]),
    );
    expect(NEWEST_A4_SHAPE).toEqual(written);
    expect(newestShapeGaps('A4', (t) => (NEWEST_A4_SHAPE[t] ? new Set(NEWEST_A4_SHAPE[t]) : null))).toBeNull();
    expect(newestShapeGaps('A3', () => null)).toBeNull();
  });

  it('an earlier A4 build: named in the report, the JSON, the generation line and the open notes', async () => {
    const w = await writeLedger(join(root, 'early'), { generation: 'A4' });
    makeEarlyA4Build(join(w.sessionDir, 'session.db'));
    const json = captureIo();
    expect(await run([w.sessionDir, '--json'], json)).toBe(0);
    const j = JSON.parse(json.out);
    expect(j.newestShape).toEqual({ missingTables: [...EARLY_A4_MISSING.tables], missingColumns: [...EARLY_A4_MISSING.columns] });
    const finding = j.findings.find((f: { code: string }) => f.code === 'OLDER_A4_BUILD');
    expect(finding.severity).toBe('warning');
    for (const name of [...EARLY_A4_MISSING.tables, ...EARLY_A4_MISSING.columns]) expect(finding.message).toContain(name);
    expect(finding.message).toContain("Capsem's current build would refuse this ledger");
    const text = captureIo();
    await run([w.sessionDir], text);
    expect(text.out).toMatch(/Generation: A4 .*, an earlier A4 build's tables \(Capsem's current build would refuse it\)/);
    expect(text.out).toContain(`Missing from the newest A4 shape: tables ${EARLY_A4_MISSING.tables.join(', ')}`);
    expect(text.out).toContain('Missing from the newest A4 shape: columns exec_events.target');
    const opened = await openEvidence([w.sessionDir]);
    if (!opened.ok) throw new Error(opened.error.message);
    expect(
      opened.value.notes.some(
        (n) => n.code === 'SCHEMA_UNEXPECTED' && n.message.includes('earlier A4 build') && n.message.includes('exec_events.target'),
      ),
    ).toBe(true);
    expect(
      buildOverview(opened.value, {
        id: opened.value.id,
        sessionId: opened.value.sessionId,
        displayName: null,
        generation: 'A4',
        openedAt: '',
        origin: 'path',
      }).generationLabel,
    ).toMatch(/^A4 .*, an earlier A4 build's tables \(Capsem's current build would refuse it\)$/);
    opened.value.close();
  });

  it('the newest build: no such finding or note', async () => {
    const w = await writeLedger(join(root, 'newest'), { generation: 'A4' });
    const io = captureIo();
    await run([w.sessionDir, '--json', '--no-verify-bodies'], io);
    const j = JSON.parse(io.out);
    expect(j.newestShape).toBeNull();
    expect(j.findings.map((f: { code: string }) => f.code)).not.toContain('OLDER_A4_BUILD');
  });
});

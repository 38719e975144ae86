// Every ledger generation the fixture writer makes checks intact, with the counts the writer wrote.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { GenerationName } from '../../../fixtures/writer/schema-generations.js';
import { checkPath } from '../../../../src/main/core/check/check-path.js';
import { prestartedWorkers } from '../../../../src/main/core/jobs/prestarted-verify-workers.js';

const GENERATIONS: GenerationName[] = ['L0', 'A1', 'A2-deflate', 'A2-zstd', 'A2-mixed-open', 'A3', 'A4'];
const root = mkdtempSync(join(tmpdir(), 'check-gen-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('check on every generation', () => {
  for (const generation of GENERATIONS) {
    it(`${generation}: intact, counts as written, every body verified`, async () => {
      const w = await writeLedger(join(root, generation), { generation, wal: generation === 'A4' });
      const result = await checkPath(w.sessionDir, { verifyBodies: true, workers: 2 });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const r = result.value;
      expect(r.verdict).toBe('intact');
      expect(r.generation).toBe(w.baseGeneration);
      expect(r.pages).toEqual({ ok: true, messages: ['ok'] });
      expect(r.missingTables).toEqual([]);
      // Row counts of every ledger table, including rows that live only in the -wal.
      expect(r.tables).toEqual(w.rowCounts);
      const a = r.archive;
      expect(a.bodies).toBe(w.bodies.length);
      expect(a.verified).toBe(w.bodies.length);
      expect(a.failed).toBe(0);
      expect(a.problems).toEqual([]);
      if (generation !== 'L0') {
        expect(a.blocks).toBe(w.blocks.length);
        const end = Math.max(...w.blocks.map((b) => b.blockOffset + (generation === 'A1' ? 44 : 0) + b.diskLen));
        expect(a.blocksEnd).toBe(end);
        expect(a.archivePath).toBe(w.archiveFilePath);
      } else {
        expect(a.storage).toBe('sqlite');
      }
      const e = w.expected;
      expect(r.tools.calls).toBe(e.toolCalls);
      expect(r.tools.orphanCalls).toBe(e.orphanToolCalls);
      expect(r.tools.orphanCallsByCallId).toBe(e.orphanToolCalls);
      expect(r.tools.orphanResponses).toBe(e.orphanToolResponses);
      expect(r.tools.mcpWithoutLogicalCall).toBe(e.mcpWithoutLogicalCall);
      expect(r.overflow.windows).toBe(e.overflowWindows);
      expect(r.overflow.heldBack).toBe(e.overflowHeldBack);
      expect(r.overflow.list.every((win) => win.heldFor !== null && win.heldFor.id > win.id)).toBe(true);
      expect(r.providers.aiNetEvents).toBe(e.aiNetEvents);
      expect(r.providers.modelCalls).toBe(e.modelCalls);
      expect(r.nulls).toEqual({ model: e.nullModel, tokens: e.nullTokens, requestBodyPreview: e.nullRequestPreview, total: e.modelCalls });
      const codes = r.findings.map((f) => f.code);
      expect(r.findings.filter((f) => f.severity === 'error')).toEqual([]);
      if (e.orphanToolCalls > 0) expect(codes).toContain('ORPHAN_TOOL_CALLS');
      if (e.nullModel > 0) {
        const nullModel = r.findings.find((f) => f.code === 'NULL_MODEL');
        expect(nullModel?.causes?.length).toBeGreaterThan(0);
        expect(nullModel?.evidence?.[0]).toMatch(/^model_calls \d+ .*(streaming|stream unknown).*(gzip|no matching)/);
      }
      expect(r.previews.map((p) => p.table)).toEqual(['net_events', 'model_calls', 'tool_calls', 'tool_responses', 'fs_events']);
      for (const p of r.previews) {
        expect(p.rows.length).toBe(Math.min(5, w.rowCounts[p.table] ?? 0));
        for (const row of p.rows) for (const cell of row) if (typeof cell === 'string') expect(cell.length).toBeLessThanOrEqual(60);
      }
    });
  }
});

describe('check starts its verification workers before the open', () => {
  it('starts as many as the files surely give work to, and leaves none waiting once verified', async () => {
    const w = await writeLedger(join(root, 'prestart'), { generation: 'A2-zstd' });
    await checkPath(w.sessionDir, {});
    expect(prestartedWorkers()).toBe(0);
    const result = await checkPath(w.sessionDir, { verifyBodies: true });
    expect(result.ok && result.value.archive.verified).toBe(w.bodies.length);
    expect(prestartedWorkers()).toBe(0);
  });
});

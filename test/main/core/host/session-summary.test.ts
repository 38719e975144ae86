import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SessionSummary } from '../../../../src/main/core/host/session-summary.js';
import { filterSessions, summarizeSession, totalTokens } from '../../../../src/main/core/host/session-summary.js';
import { openHostLedger } from '../../../../src/main/core/host/open-host-ledger.js';
import { writeSampleHome } from '../../../fixtures/writer/host/host-sample.js';

let home: string;
let all: SessionSummary[];
beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'host-summary-'));
  const sample = await writeSampleHome(home);
  const opened = await openHostLedger(sample.hostDbPath, { runDir: sample.runDir });
  if (!opened.ok) throw new Error(opened.error.message);
  all = opened.value.sessions.map(summarizeSession);
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

const ids = (list: SessionSummary[]) => list.map((s) => s.id);

describe('session summary', () => {
  it('derives the list columns from the final counters', () => {
    const alpha = all.find((s) => s.id === 's-alpha')!;
    expect(alpha).toMatchObject({
      durationMs: 60_000,
      sessionDbOnDisk: true,
      costUsd: 0.01234,
      netEvents: 10,
      toolCalls: 2,
      fileEvents: 5,
      modelCalls: 3,
    });
    expect(totalTokens(alpha)).toBe(1200);
    const delta = all.find((s) => s.id === 's-delta')!;
    expect(delta).toMatchObject({ status: 'running', durationMs: null, hasCounters: false, costUsd: null, netEvents: null });
  });

  it('filters combine and keep newest-first order', () => {
    expect(ids(filterSessions(all, {}))).toEqual(['s-echo', 's-delta', 's-charlie', 's-bravo', 's-alpha']);
    expect(ids(filterSessions(all, { withModel: true }))).toEqual(['s-charlie', 's-alpha']);
    expect(ids(filterSessions(all, { withDb: true }))).toEqual(['s-delta', 's-charlie', 's-alpha']);
    expect(ids(filterSessions(all, { withNet: true }))).toEqual(['s-charlie', 's-alpha']);
    expect(ids(filterSessions(all, { withTools: true }))).toEqual(['s-alpha']);
    expect(ids(filterSessions(all, { minCostUsd: 1 }))).toEqual(['s-charlie']);
    expect(ids(filterSessions(all, { withModel: true, withDb: true, minCostUsd: 0.01 }))).toEqual(['s-charlie', 's-alpha']);
    expect(ids(filterSessions(all, { withNet: true, withTools: true }))).toEqual(['s-alpha']);
    expect(ids(filterSessions(all, { limit: 2 }))).toEqual(['s-echo', 's-delta']);
    expect(ids(filterSessions(all, { withDb: true, limit: 1 }))).toEqual(['s-delta']);
  });
});

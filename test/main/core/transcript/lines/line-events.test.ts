// A security decision folded into a run keeps its decisions in security_decision_runs (spec: inline fields or
// run_id): its line reads them from the run, says so, and never shows `decision ? → ?`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcriptPage } from '../../../../../src/main/core/transcript/transcript-page.js';
import type { OpenedFixture } from '../../graph/fixture-ledger.js';
import { openFixture } from '../../graph/fixture-ledger.js';

const root = mkdtempSync(join(tmpdir(), 'line-events-'));
let fx: OpenedFixture;
let folded: number;
let trace: string;
beforeAll(async () => {
  fx = await openFixture(root, 'runs', {
    report: false,
    mutate: (db) => {
      const d = db.prepare('SELECT * FROM security_decision_events ORDER BY id LIMIT 1').get() as Record<string, unknown>;
      trace = String(d.trace_id);
      const run = db
        .prepare(
          `INSERT INTO security_decision_runs (event_type, stage, actor, rule_id, previous_decision, requested_decision, effective_decision, reason, count, first_timestamp_unix_ms, last_timestamp_unix_ms)
           VALUES (?, 'rule', 'policy', 'block-paste-hosts', 'allow', 'block', 'block', 'paste host', 3, ?, ?)`,
        )
        .run(d.event_type, d.timestamp_unix_ms, d.timestamp_unix_ms).lastInsertRowid;
      folded = Number(
        db
          .prepare(
            `INSERT INTO security_decision_events (timestamp_unix_ms, event_id, event_type, trace_id, turn_id, run_id)
             VALUES (?, 'beef00000001', ?, ?, ?, ?)`,
          )
          .run(Number(d.timestamp_unix_ms) + 5, d.event_type, d.trace_id, d.turn_id, run).lastInsertRowid,
      );
    },
  });
});
afterAll(() => {
  fx?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('security decision lines', () => {
  it('read a folded row’s decisions from its run and say so', () => {
    const lines = transcriptPage(fx.evidence, { traceId: trace, limit: 500 }).lines;
    const l = lines.find((x) => x.row?.table === 'security_decision_events' && x.row.rowid === folded)!;
    expect(l.title).toBe('allow → block');
    expect(l.alert).toBe(true);
    expect(l.facts).toContain('block-paste-hosts');
    expect(l.facts.some((f) => /^as run \d+ records$/.test(f))).toBe(true);
    for (const x of lines) expect(x.title).not.toContain('? → ?');
  });
});

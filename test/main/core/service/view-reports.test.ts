// The investigation views' reports are made in a worker and kept per connection: each is the report the main
// connection makes, a second caller while it is made shares the one answer, and once made (or warmed by the open's
// follow-up) it is answered at once, not as a promise.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEW_REPORTS, VIEW_REPORT_NAMES } from '../../../../src/main/core/service/view-report-kinds.js';
import { viewReport, warmViewReports } from '../../../../src/main/core/service/view-reports.js';
import type { OpenedFixture } from '../graph/fixture-ledger.js';
import { openFixture } from '../graph/fixture-ledger.js';

const root = mkdtempSync(join(tmpdir(), 'view-reports-'));
let asked: OpenedFixture;
let warmed: OpenedFixture;
beforeAll(async () => {
  asked = await openFixture(join(root, 'a'), 'a4', { seed: 5 });
  warmed = await openFixture(join(root, 'b'), 'a4', { seed: 6 });
});
afterAll(() => {
  asked?.close();
  warmed?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('view reports off the main thread', () => {
  it.each(VIEW_REPORT_NAMES)('%s: the main connection’s report, shared while made, then answered at once', async (name) => {
    const first = viewReport(asked.evidence, name);
    expect(first).toBeInstanceOf(Promise);
    expect(viewReport(asked.evidence, name)).toBe(first);
    const made = await first;
    expect(made).toEqual(VIEW_REPORTS[name](asked.evidence.db));
    const again = viewReport(asked.evidence, name);
    expect(again).not.toBeInstanceOf(Promise);
    expect(again).toBe(made);
  });

  it('the follow-up warms every report: a first ask afterwards is answered at once', async () => {
    await warmViewReports(warmed.evidence);
    for (const name of VIEW_REPORT_NAMES) {
      const r = viewReport(warmed.evidence, name);
      expect(r).not.toBeInstanceOf(Promise);
      expect(r).toEqual(VIEW_REPORTS[name](warmed.evidence.db));
    }
  });
});

// The host's final counters (session_stopped) against a session's rows and its own snapshot (issue 38): compared only
// with the host ledger at hand, a tail cut off after the stop named with its table and count, a session never stopped
// named as such, and without a host ledger the sentence that says nothing was compared.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPath } from '../../../../src/main/core/check/check-path.js';
import type { CheckReport } from '../../../../src/main/core/check/types.js';
import type { HostStop } from '../../../../src/main/core/completeness/host-stop.js';
import { hostStopOf } from '../../../../src/main/core/completeness/host-stop.js';
import { NO_HOST_LEDGER } from '../../../../src/main/core/completeness/stopped-counter-gaps.js';
import { openHostLedger } from '../../../../src/main/core/host/open-host-ledger.js';
import type { StoppedHome } from '../../../fixtures/writer/host/stopped-home.js';
import { cutTail, writeStoppedHome } from '../../../fixtures/writer/host/stopped-home.js';

const root = mkdtempSync(join(tmpdir(), 'stopped-counters-'));
let home: StoppedHome;
let stopFor: (dir: string) => HostStop;
beforeAll(async () => {
  home = await writeStoppedHome(join(root, 'capsem'), [
    { id: 'equal', stopped: true },
    { id: 'cut', stopped: true },
    { id: 'careful-cut', stopped: true },
    { id: 'running', stopped: false },
  ]);
  cutTail(home.ledgers.cut!, 'net_events', 3);
  cutTail(home.ledgers['careful-cut']!, 'net_events', 2, true);
  const ledger = await openHostLedger(home.hostDbPath, { runDir: home.runDir, scratchRoot: root });
  if (!ledger.ok) throw new Error(ledger.error.message);
  stopFor = (dir) => hostStopOf(ledger.value, dir);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function report(id: string, withHost = true): Promise<CheckReport> {
  const dir = home.ledgers[id]!.sessionDir;
  const r = await checkPath(dir, { verifyBodies: false, scratchRoot: root, ...(withHost ? { hostStop: stopFor(dir) } : {}) });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

const kinds = (r: CheckReport): string[] => r.completeness.gaps.map((g) => g.kind);
const stoppedGap = (r: CheckReport) => r.completeness.gaps.find((g) => g.kind === 'STOPPED_COUNTERS_DISAGREE');

describe("the host's final counters", () => {
  it('equal to the rows and the snapshot: compared, no gap, nothing said as not compared', async () => {
    const r = await report('equal');
    expect(kinds(r)).not.toContain('STOPPED_COUNTERS_DISAGREE');
    expect(kinds(r)).not.toContain('COUNTERS_DISAGREE');
    expect(r.completeness.notChecked.filter((n) => /host|session_stopped/.test(n))).toEqual([]);
  });

  it('rows deleted after the stop: the host counted them, the gap names the table and the count', async () => {
    const r = await report('cut');
    const g = stoppedGap(r)!;
    expect(g).toMatchObject({ rows: 3, places: [{ rows: 3 }] });
    expect(g.places[0]!.place).toMatch(/^net_events \(host net\.total \d+ · rows \d+\)$/);
    expect(g.says).toContain('the host counted 3 more net_events rows than the ledger holds');
    expect(g.says).toContain('a tail cut off after the stop');
    // Not "host_events #N": the session ledger has a host_events table of its own, and the finding would link there.
    expect(g.examples[0]).toMatch(/^host.db event \d+$/);
    // The session's own snapshot still counted them too: both say so, each under its own kind.
    expect(kinds(r)).toContain('COUNTERS_DISAGREE');
    // The overview's table carries the host's final counter beside the snapshot and the rows.
    const net = r.completeness.counters.find((c) => c.counter === 'net.total')!;
    expect(net.hostStopped! - net.rows).toBe(3);
    expect(net.snapshot).toBe(net.hostStopped);
  });

  it("a cut whose snapshot was rewritten to match: only the host's counters tell, against rows and snapshot", async () => {
    const r = await report('careful-cut');
    expect(kinds(r)).not.toContain('COUNTERS_DISAGREE');
    const g = stoppedGap(r)!;
    // Two rows gone, said once: the snapshot's matching difference is a place, not more rows.
    expect(g.rows).toBe(2);
    expect(g.places.map((p) => [p.place.split(' (')[0], p.rows])).toEqual([
      ['net_events', 2],
      ['ledger_counters', 2],
    ]);
    expect(g.says).toContain("the ledger's own snapshot says other than the host's");
  });

  it('a session the host never stopped: no gap, named as unknown final counters', async () => {
    const r = await report('running');
    expect(stoppedGap(r)).toBeUndefined();
    expect(r.completeness.notChecked.some((n) => n.startsWith('no session_stopped: the final counters are unknown'))).toBe(true);
  });

  it('without the host ledger: the rows are not compared with it, and the section says so', async () => {
    const r = await report('cut', false);
    expect(stoppedGap(r)).toBeUndefined();
    expect(r.completeness.notChecked).toContain(NO_HOST_LEDGER);
  });
});

// capsem-inspect transcript of a session kept in a Capsem home: the head's completeness compares the host's final
// counters, as `check` of the same folder does (issue 38).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../../src/cli/commands/transcript.js';
import { captureIo } from '../../../src/cli/io.js';
import type { StoppedHome } from '../../fixtures/writer/host/stopped-home.js';
import { cutTail, writeStoppedHome } from '../../fixtures/writer/host/stopped-home.js';

const root = mkdtempSync(join(tmpdir(), 'cli-transcript-host-stop-'));
let home: StoppedHome;
beforeAll(async () => {
  home = await writeStoppedHome(join(root, 'capsem'), [
    { id: 'equal', stopped: true },
    { id: 'cut', stopped: true },
  ]);
  cutTail(home.ledgers.cut!, 'net_events', 3);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const headOf = async (id: string): Promise<{ completeness: string }> => {
  const io = captureIo();
  expect(await run([home.ledgers[id]!.sessionDir, '--format', 'json'], io)).toBe(0);
  return JSON.parse(io.out.split('\n')[0]!) as { completeness: string };
};

describe('transcript head with the host ledger at hand', () => {
  it('names the rows the host counted and the session no longer holds', async () => {
    expect((await headOf('cut')).completeness).toContain('STOPPED_COUNTERS_DISAGREE ×3');
  });

  it('says nothing of the host where its counters agree', async () => {
    expect((await headOf('equal')).completeness).not.toContain('STOPPED_COUNTERS_DISAGREE');
  });
});

// Issue 38: a session opened in the app from where a Capsem home keeps it is compared with the host's final counters,
// as `check` compares it: the integrity report's completeness and a downloaded transcript's head both name the tail
// the host counted and the session no longer holds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_ROUTES } from '../../../src/shared/contract.js';
import type { IntegrityReportView } from '../../../src/shared/contract.js';
import type { Result } from '../../../src/shared/errors.js';
import type { RunningServer } from '../../../src/main/serve/server.js';
import { startServer } from '../../../src/main/serve/server.js';
import type { StoppedHome } from '../../fixtures/writer/host/stopped-home.js';
import { cutTail, writeStoppedHome } from '../../fixtures/writer/host/stopped-home.js';

let root: string;
let home: StoppedHome;
let server: RunningServer;
let evidenceId: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'serve-host-stop-'));
  home = await writeStoppedHome(join(root, 'capsem'), [{ id: 'cut', stopped: true }]);
  cutTail(home.ledgers.cut!, 'net_events', 2);
  server = await startServer({ paths: [home.ledgers.cut!.sessionDir], sampleDir: null, rendererDir: join(root, 'no-renderer') });
  const opened = server.opened[0]!;
  if (!opened.ok) throw new Error(opened.error.message);
  evidenceId = opened.value.id;
});
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('serve: a session kept in a Capsem home', () => {
  it("the integrity report's completeness names the rows the host counted after the stop", async () => {
    const res = await fetch(`${server.origin}/api/integrity.report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [HTTP_ROUTES.tokenHeader]: server.token },
      body: JSON.stringify({ evidenceId }),
    });
    const r = (await res.json()) as Result<IntegrityReportView>;
    if (!r.ok) throw new Error(r.error.message);
    const gap = r.value.completeness.gaps.find((g) => g.kind === 'STOPPED_COUNTERS_DISAGREE');
    expect(gap?.rows).toBe(2);
  });

  it("a downloaded transcript's head says the same", async () => {
    const res = await fetch(`${server.origin}${HTTP_ROUTES.transcript}/${encodeURIComponent(evidenceId)}?format=json`, {
      headers: { cookie: `${HTTP_ROUTES.tokenCookie}=${server.token}` },
    });
    expect(res.status).toBe(200);
    const head = JSON.parse((await res.text()).split('\n')[0]!) as { completeness: string };
    expect(head.completeness).toContain('STOPPED_COUNTERS_DISAGREE ×2');
  });
});

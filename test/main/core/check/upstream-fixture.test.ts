// The one real Capsem ledger we have (upstream data/fixtures/test.db, an L0 ledger): intact, with the
// doctor's counts, and the MCP tools/call rows that no tool call links to flagged.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { checkPath } from '../../../../src/main/core/check/check-path.js';

const root = mkdtempSync(join(tmpdir(), 'check-upstream-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('upstream test.db: L0, intact, counts and findings as the fixture README states', async () => {
  const dir = join(root, 'upstream-session');
  mkdirSync(dir);
  copyFileSync('/work/shared/fixtures/upstream/test.db', join(dir, 'session.db'));
  const result = await checkPath(dir, { verifyBodies: true });
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  const r = result.value;
  expect(r.generation).toBe('L0');
  expect(r.verdict).toBe('intact');
  expect(r.tables).toMatchObject({
    net_events: 7,
    model_calls: 4,
    tool_calls: 1,
    tool_responses: 1,
    mcp_calls: 21,
    fs_events: 20,
    snapshot_events: 5,
  });
  expect(r.archive).toMatchObject({ storage: 'none', bodies: 0, verified: 0, failed: 0 });
  expect(r.tools).toMatchObject({ calls: 1, orphanCalls: 0, orphanResponses: 0, mcpWithoutLogicalCall: 7 });
  expect(r.nulls).toMatchObject({ model: 1, total: 4 });
  expect(r.findings.map((f) => f.code)).toEqual(expect.arrayContaining(['PRE_ARCHIVE_LEDGER', 'MCP_WITHOUT_LOGICAL_CALL', 'NULL_MODEL']));
});

// Every kind of damage the fixture writer makes: the check says damaged (exit 1 through the CLI), names the
// right finding, and fails exactly the affected bodies with an acceptable code, while every other body verifies.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import { DAMAGE_KINDS } from '../../../fixtures/writer/damage-types.js';
import type { DamageKind } from '../../../fixtures/writer/damage-types.js';
import type { GenerationName } from '../../../fixtures/writer/schema-generations.js';
import { checkPath } from '../../../../src/main/core/check/check-path.js';
import { bodyFailureKind, formatBodyFailure } from '../../../../src/main/core/jobs/body-failure.js';

const root = mkdtempSync(join(tmpdir(), 'check-damage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Damage that stops the ledger from opening at all: check cannot run (exit 2), nothing to verify. */
const REFUSED: DamageKind[] = ['hot-journal', 'zero-length-db-with-wal'];
const ARCHIVE_ONLY = DAMAGE_KINDS.filter((k) => !REFUSED.includes(k) && k !== 'corrupt-sqlite-page');
/** Generation-specific paths (file lengths per generation, v1 whole blocks, deflate) also on older ledgers. */
const OLDER: [GenerationName, DamageKind][] = [
  ['A2-deflate', 'truncate-archive'],
  ['A2-deflate', 'index-past-end'],
  ['A2-deflate', 'flip-payload-byte'],
  ['A2-zstd', 'missing-archive'],
  ['A1', 'truncate-archive'],
  ['A1', 'flip-payload-byte'],
  ['A1', 'unrecorded-block'],
  ['A3', 'bad-file-header'],
];
const key = (k: { eventId: string; sourceTable: string; direction: string }): string => `${k.eventId} ${k.sourceTable}/${k.direction}`;

async function expectDamaged(generation: GenerationName, damage: DamageKind): Promise<void> {
  const w = await writeLedger(join(root, `${generation}-${damage}`), { generation, damage });
  const info = w.damage!;
  const result = await checkPath(w.sessionDir, { verifyBodies: true });
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  const r = result.value;
  expect(r.verdict).toBe('damaged');
  const a = r.archive;
  expect(a.verified! + a.failed!).toBe(a.bodies);
  // Of the failures, exactly those whose code says the archive could not produce the bytes are unreadable.
  expect(a.unreadable).toBe(a.failures.filter((f) => bodyFailureKind(f.code) === 'unreadable').length);
  expect(a.bodies).toBe(w.bodies.length);
  const failedKeys = a.failures.map(key).sort();
  expect(failedKeys).toEqual(info.affected.map(key).sort());
  for (const f of a.failures) {
    expect(info.acceptableCodes).toContain(f.code);
    expect(formatBodyFailure(f)).toMatch(/^[0-9a-f]{12} [a-z_]+\/[a-z]+: [A-Z_]+ .+/);
  }
  const codes = r.findings.filter((f) => f.severity === 'error').map((f) => f.code);
  expect(codes).toContain('BODIES_FAILED');
  if (['BLOCK_NOT_RECORDED', 'SPAN_OUT_OF_RANGE', 'INDEX_PAST_END'].includes(info.code) && !damage.endsWith('bomb')) {
    expect(a.problems.map((p) => p.code)).toContain(info.code);
  }
  if (info.archiveLevel) {
    expect(codes).toContain('ARCHIVE_PROBLEM');
    expect(a.problems.map((p) => p.code)).toContain(info.code);
  }
}

describe('check on damaged A4 ledgers', () => {
  for (const damage of ARCHIVE_ONLY) it(`A4 ${damage}`, () => expectDamaged('A4', damage));

  it('A4 corrupt-sqlite-page: pages damaged, report stops there', async () => {
    const w = await writeLedger(join(root, 'pages'), { generation: 'A4', damage: 'corrupt-sqlite-page' });
    const result = await checkPath(w.sessionDir, { verifyBodies: true });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.verdict).toBe('damaged');
    expect(result.value.pages.ok).toBe(false);
    expect(result.value.pages.messages.length).toBeGreaterThan(0);
    expect(result.value.stoppedAfter).toBe('pages');
    expect(result.value.findings.map((f) => f.code)).toEqual(['PAGES_DAMAGED']);
  });

  for (const damage of REFUSED) {
    it(`A4 ${damage}: cannot open, with the writer's code`, async () => {
      const w = await writeLedger(join(root, damage), { generation: 'A4', damage });
      const result = await checkPath(w.sessionDir, {});
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe(w.damage!.code);
    });
  }
});

describe('check on damaged older ledgers', () => {
  for (const [generation, damage] of OLDER) it(`${generation} ${damage}`, () => expectDamaged(generation, damage));
});

// Every generation the fixture writer makes opens through the evidence opener, is labelled correctly, and reads
// back every body byte-for-byte; the evidence folder is unchanged afterwards. Every damage kind fails exactly the
// bodies it should (or refuses the ledger) with an acceptable code.
import { afterAll, describe, expect, it } from 'vitest';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import { DAMAGE_KINDS } from '../../../fixtures/writer/damage-types.js';
import type { GenerationName } from '../../../fixtures/writer/schema-generations.js';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import { readBody } from '../../../../src/main/core/bodies/read-body.js';
import { iterateBodyRows } from '../../../../src/main/core/bodies/iterate-rows.js';
import { liveScratchDirs } from '../../../../src/main/core/evidence/scratch.js';
import { pictureOf, removeDir, tempDir } from '../evidence/helpers.js';

const GENERATIONS: GenerationName[] = ['L0', 'A1', 'A2-deflate', 'A2-zstd', 'A2-mixed-open', 'A3', 'A4'];
const root = tempDir('generations-');
afterAll(() => removeDir(root));

const keyOf = (k: { eventId: string; sourceTable: string; direction: string }) => `${k.eventId}/${k.sourceTable}/${k.direction}`;

describe.each(GENERATIONS)('generation %s', (generation) => {
  it.each([false, 'no-shm'] as const)('opens (wal=%s), labels it, reads every body byte-for-byte, writes nothing', async (wal) => {
    const written = await writeLedger(tempDir(`${generation}-`), { generation, wal, seed: 7 });
    const before = pictureOf(written.sessionDir);
    const r = await openEvidence([written.sessionDir]);
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    const ev = r.value;
    expect(ev.generation).toBe(written.baseGeneration);
    expect(ev.sessionId).toBe(written.sessionId);
    if (written.baseGeneration !== 'L0') expect(ev.archive.state).toBe('open');
    expect(ev.archiveState?.committedEnd ?? null).toBe(written.archiveState?.committedEnd ?? null);
    expect(ev.hashes.archive?.path ?? null).toBe(written.baseGeneration === 'L0' ? null : written.archiveFilePath);

    expect(written.bodies.length).toBeGreaterThan(10);
    for (const body of written.bodies) {
      const got = readBody(ev, body.key);
      if (!got.ok) throw new Error(`${keyOf(body.key)}: ${got.error.code} ${got.error.message}`);
      expect(Buffer.from(got.bytes).equals(Buffer.from(body.bytes))).toBe(true);
    }
    const iterated = [...iterateBodyRows(ev)];
    expect(iterated.map(keyOf).sort()).toEqual(written.bodies.map((b) => keyOf(b.key)).sort());
    for (const [table, count] of Object.entries(written.rowCounts)) {
      if (!ev.tables.has(table)) continue;
      expect([table, (ev.db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n]).toEqual([table, count]);
    }
    ev.close();
    expect(pictureOf(written.sessionDir)).toEqual(before);
    removeDir(written.dir);
  });
});

describe.each(DAMAGE_KINDS)('damage %s', (damage) => {
  it('fails exactly the affected bodies (or refuses the ledger) with an acceptable code', async () => {
    const generation: GenerationName = damage === 'zstd-bomb' || damage === 'zstd-without-magic' ? 'A2-zstd' : 'A4';
    const written = await writeLedger(tempDir(`damage-${damage}-`), { generation, damage, seed: 3 });
    const info = written.damage!;
    const before = pictureOf(written.sessionDir);
    const r = await openEvidence([written.sessionDir]);
    if (info.ledgerLevel) {
      expect(r.ok ? 'opened' : r.error.code, info.note).toSatisfy((code: string) => info.acceptableCodes.includes(code as never));
      if (!r.ok) expect(r.error.message.length).toBeGreaterThan(10);
    } else {
      if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
      const affected = new Set(info.affected.map(keyOf));
      for (const body of written.bodies) {
        const got = readBody(r.value, body.key);
        if (info.archiveLevel || affected.has(keyOf(body.key))) {
          expect(got.ok ? 'ok' : got.error.code, `${keyOf(body.key)} (${info.note})`).toSatisfy((code: string) =>
            info.acceptableCodes.includes(code as never),
          );
        } else {
          if (!got.ok) throw new Error(`${keyOf(body.key)} should read: ${got.error.code} ${got.error.message}`);
          expect(Buffer.from(got.bytes).equals(Buffer.from(body.bytes))).toBe(true);
        }
      }
      r.value.close();
    }
    expect(liveScratchDirs()).toEqual([]);
    expect(pictureOf(written.sessionDir)).toEqual(before);
    removeDir(written.dir);
  });
});

// End to end against the fixture writer's ledgers: every body of every generation, and every archive damage
// kind refused with an acceptable code on exactly the bodies the writer says must fail.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { BlockRow, BodyIndexRow } from '../../../../src/shared/ledger-types.js';
import { openArchive } from '../../../../src/main/core/archive/open-archive.js';
import { writeLedger, type WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { DamageKind } from '../../../fixtures/writer/damage-types.js';
import type { GenerationName } from '../../../fixtures/writer/schema-generations.js';
import { keyString, tempDir } from './helpers.js';

/** Reads the index the way the ledger layer will (without depending on it): rows and block rows from SQLite. */
function readIndex(dbPath: string, version: 1 | 2 | 3): { rows: BodyIndexRow[]; blocks: Map<number, BlockRow> } {
  const db = new Database(dbPath, { readonly: true });
  try {
    const disk = version === 1 ? 'comp_len' : 'disk_len';
    const blocks = new Map<number, BlockRow>();
    for (const b of db.prepare(`SELECT block_offset, raw_len, ${disk} AS disk_len, sealed_at FROM body_blocks`).all() as Record<
      string,
      unknown
    >[]) {
      blocks.set(Number(b.block_offset), {
        blockOffset: Number(b.block_offset),
        rawLen: Number(b.raw_len),
        diskLen: Number(b.disk_len),
        sealedAt: (b.sealed_at as string) ?? null,
      });
    }
    const rows = (
      db.prepare('SELECT * FROM event_body_blobs ORDER BY block_offset, body_offset, id').all() as Record<string, unknown>[]
    ).map(
      (r): BodyIndexRow => ({
        id: Number(r.id),
        eventId: String(r.event_id),
        sourceTable: String(r.source_table),
        direction: String(r.direction),
        eventType: (r.event_type as string) ?? null,
        contentType: (r.content_type as string) ?? null,
        originalBytes: Number(r.original_bytes),
        storedBytes: Number(r.stored_bytes),
        truncated: Number(r.truncated) === 1,
        bodyHash: String(r.body_hash),
        blockOffset: Number(r.block_offset),
        bodyOffset: Number(r.body_offset),
        bodyLen: Number(r.body_len),
        traceId: null,
        turnId: null,
        createdAt: null,
      }),
    );
    return { rows, blocks };
  } finally {
    db.close();
  }
}

async function readLedger(l: WrittenLedger): Promise<{ open: string; results: Map<string, string> }> {
  const version = l.fileVersion;
  if (version === null) throw new Error('no archive');
  const { rows, blocks } = readIndex(l.dbPath, version);
  const opened = await openArchive({
    location: { kind: version === 3 ? 'directory' : 'file', path: l.bodiesPath },
    archiveState: l.archiveState,
    expectedVersion: version,
  });
  const results = new Map<string, string>();
  if (!opened.ok) {
    for (const r of rows) results.set(keyString(r), opened.error.code);
    return { open: opened.error.code, results };
  }
  const expected = new Map(l.bodies.map((b) => [keyString(b.key), b.bytes]));
  for (const r of rows) {
    const res = opened.archive.readBody(r, blocks.get(r.blockOffset ?? -1));
    results.set(
      keyString(r),
      res.ok ? (Buffer.from(res.bytes).equals(Buffer.from(expected.get(keyString(r)) ?? [])) ? 'ok' : 'WRONG-BYTES') : res.error.code,
    );
  }
  opened.archive.close();
  return { open: 'ok', results };
}

const GENERATIONS: GenerationName[] = ['A1', 'A2-deflate', 'A2-zstd', 'A2-mixed-open', 'A3', 'A4'];

describe('fixture ledgers', () => {
  it.each(GENERATIONS)('%s: every body reads back byte for byte', async (generation) => {
    const l = await writeLedger(tempDir(), { generation });
    const { open, results } = await readLedger(l);
    expect(open).toBe('ok');
    expect(results.size).toBe(l.bodies.length);
    expect([...results.entries()].filter(([, v]) => v !== 'ok')).toEqual([]);
  });

  const ARCHIVE_DAMAGE: [DamageKind, GenerationName][] = [
    ['flip-payload-byte', 'A2-deflate'],
    ['flip-payload-byte', 'A2-zstd'],
    ['flip-payload-byte', 'A1'],
    ['flip-payload-byte', 'A4'],
    ['flip-segment-hash', 'A2-zstd'],
    ['flip-segment-hash', 'A1'],
    ['wrong-body-hash', 'A4'],
    ['truncate-archive', 'A2-deflate'],
    ['truncate-archive', 'A4'],
    ['index-past-end', 'A2-zstd'],
    ['missing-archive', 'A2-mixed-open'],
    ['missing-archive', 'A4'],
    ['unrecorded-block', 'A3'],
    ['span-past-raw-len', 'A2-mixed-open'],
    ['forged-huge-lengths', 'A2-zstd'],
    ['forged-huge-lengths', 'A1'],
    ['deflate-bomb', 'A2-deflate'],
    ['zstd-bomb', 'A4'],
    ['bad-block-header', 'A3'],
    ['unsupported-codec', 'A2-zstd'],
    ['zstd-without-magic', 'A4'],
    ['bad-file-header', 'A2-deflate'],
    ['bad-file-header', 'A4'],
  ];

  it.each(ARCHIVE_DAMAGE)('%s on %s fails exactly the affected bodies', async (damage, generation) => {
    const l = await writeLedger(tempDir(), { generation, damage });
    const info = l.damage;
    if (!info) throw new Error('no damage info');
    const { results } = await readLedger(l);
    const affected = new Set(info.affected.map(keyString));
    const unexpected: string[] = [];
    for (const [k, v] of results) {
      if (affected.has(k) ? !info.acceptableCodes.includes(v as never) : v !== 'ok') unexpected.push(`${k}=${v}`);
    }
    // missing-archive: every row fails with the open error; the writer's affected list is all rows.
    expect(unexpected).toEqual([]);
    for (const k of affected) expect(results.has(k)).toBe(true);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import { findBodyRow, readBody, readBodyRow } from '../../../../src/main/core/bodies/read-body.js';
import { iterateBodyRows } from '../../../../src/main/core/bodies/iterate-rows.js';
import type { BlockRow, BodyIndexRow } from '../../../../src/shared/ledger-types.js';
import type { OpenedArchive } from '../../../../src/main/core/archive/types.js';
import { blake3Tag, buildSmallLedger, removeDir, tempDir } from '../evidence/helpers.js';

let dir: string;
beforeEach(() => {
  dir = tempDir('bodies-');
});
afterEach(() => removeDir(dir));

const key = (eventId: string, sourceTable = 'net_events', direction = 'request') => ({ eventId, sourceTable, direction });

describe('L0 bodies (inside SQLite)', () => {
  it('reads body bytes, checks body_hash, and names the row on mismatch', async () => {
    const good = Buffer.from('{"model":"x"}');
    const db = buildSmallLedger(join(dir, 'session.db'), 'L0');
    const insert = db.prepare(
      'INSERT INTO event_body_blobs (event_id, source_table, direction, body_hash, stored_bytes, body) VALUES (?, ?, ?, ?, ?, ?)',
    );
    insert.run('aaaaaaaaaaaa', 'net_events', 'request', await blake3Tag(good), good.length, good);
    insert.run('bbbbbbbbbbbb', 'net_events', 'response', await blake3Tag(Buffer.from('other')), 5, Buffer.from('tampered'));
    insert.run('cccccccccccc', 'model_calls', 'request', null, null, 'text body');
    db.close();
    const r = await openEvidence([dir]);
    if (!r.ok) throw new Error(r.error.message);
    const ev = r.value;

    const ok = readBody(ev, key('aaaaaaaaaaaa'));
    expect(ok.ok && Buffer.from(ok.bytes).equals(good)).toBe(true);

    const bad = readBody(ev, key('bbbbbbbbbbbb', 'net_events', 'response'));
    expect(bad.ok ? null : bad.error.code).toBe('BODY_HASH_MISMATCH');
    expect(bad.ok ? '' : bad.error.message).toContain('event_id=bbbbbbbbbbbb source_table=net_events direction=response');

    const text = readBody(ev, key('cccccccccccc', 'model_calls'));
    expect(text.ok && Buffer.from(text.bytes).toString()).toBe('text body');

    const none = readBody(ev, key('dddddddddddd'));
    expect(none.ok ? null : none.error.code).toBe('NO_SUCH_BODY');

    const rows = [...iterateBodyRows(ev)];
    expect(rows.map((row) => row.eventId)).toEqual(['aaaaaaaaaaaa', 'bbbbbbbbbbbb', 'cccccccccccc']);
    // body_len for L0 is the real length of the stored bytes; stored_bytes is what the row claims.
    expect(rows.map((row) => [row.bodyLen, row.storedBytes])).toEqual([
      [good.length, good.length],
      [8, 5],
      [9, 9],
    ]);
    expect(rows[0]!.blockOffset).toBeNull();
    ev.close();
  });
});

/** A stand-in archive that records what it is asked, to test the plumbing independently of the reader. */
function recordingArchive(calls: { row: BodyIndexRow; block: BlockRow | undefined }[]): OpenedArchive {
  return {
    filePath: '',
    fileVersion: 2,
    fileSize: 0,
    zstdBackend: 'fzstd',
    readBody(row, block) {
      calls.push({ row, block });
      return { ok: true, bytes: new TextEncoder().encode(`body@${row.blockOffset}+${row.bodyOffset}`) };
    },
    close() {},
  };
}

describe('archive bodies through the evidence', () => {
  it('iterates in (block_offset, body_offset, id) order across pages and hands the reader the right block', async () => {
    const db = buildSmallLedger(join(dir, 'session.db'), 'A2');
    db.prepare("INSERT INTO body_blocks VALUES (16, 100000, 50000, 't1'), (50016, 100000, 40000, 't2')").run();
    const insert = db.prepare(
      "INSERT INTO event_body_blobs (event_id, source_table, direction, body_hash, block_offset, body_offset, body_len, stored_bytes, original_bytes) VALUES (?, 'net_events', 'request', 'blake3:00', ?, ?, 10, 10, 10)",
    );
    // 1300 rows inserted out of order so the keyset pages (512) are exercised.
    const expected: [number, number][] = [];
    db.transaction(() => {
      for (let i = 0; i < 1300; i++) {
        const block = i % 2 === 0 ? 50016 : 16;
        const offset = (1300 - i) * 10;
        insert.run(i.toString(16).padStart(12, '0'), block, offset);
        expected.push([block, offset]);
      }
    })();
    insert.run('ffffffffffff', 999999, 0); // names an unrecorded block
    db.close();
    writeFileSync(join(dir, 'session.bodies'), 'stand-in');
    const calls: { row: BodyIndexRow; block: BlockRow | undefined }[] = [];
    const r = await openEvidence(
      [dir],
      { hashArchive: false },
      { openArchive: async () => ({ ok: true, archive: recordingArchive(calls) }) },
    );
    if (!r.ok) throw new Error(r.error.message);
    const ev = r.value;
    expect(ev.blocks.get(50016)).toEqual({ blockOffset: 50016, rawLen: 100000, diskLen: 40000, sealedAt: 't2' });

    const order = [...iterateBodyRows(ev)].map((row) => [row.blockOffset, row.bodyOffset]);
    expected.push([999999, 0]);
    expected.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(order).toEqual(expected);

    // Reading while iterating must work (no open SQLite iterator between rows).
    let n = 0;
    for (const row of iterateBodyRows(ev)) {
      const result = readBodyRow(ev, row);
      expect(result.ok).toBe(true);
      n++;
    }
    expect(n).toBe(1301);
    expect(calls.filter((c) => c.row.blockOffset === 999999).map((c) => c.block)).toEqual([undefined]);
    expect(calls.find((c) => c.row.blockOffset === 16)?.block?.diskLen).toBe(50000);

    const one = readBody(ev, key('000000000001'));
    expect(one.ok && new TextDecoder().decode(one.bytes)).toBe(`body@16+${1299 * 10}`);
    ev.close();
  });

  it('refuses a row with a non-integer location before the reader sees it', async () => {
    const db = buildSmallLedger(join(dir, 'session.db'), 'A2');
    db.prepare("INSERT INTO body_blocks VALUES (16, 100, 50, 't1')").run();
    db.prepare(
      "INSERT INTO event_body_blobs (event_id, source_table, direction, body_hash, block_offset, body_offset, body_len) VALUES ('aaaaaaaaaaaa', 'net_events', 'request', 'blake3:00', 16, 'x', 10)",
    ).run();
    db.prepare(
      "INSERT INTO event_body_blobs (event_id, source_table, direction, body_hash, block_offset, body_offset, body_len) VALUES ('bbbbbbbbbbbb', 'net_events', 'request', 'blake3:00', 16, -5, 10)",
    ).run();
    db.close();
    writeFileSync(join(dir, 'session.bodies'), 'stand-in');
    const calls: { row: BodyIndexRow; block: BlockRow | undefined }[] = [];
    const r = await openEvidence(
      [dir],
      { hashArchive: false },
      { openArchive: async () => ({ ok: true, archive: recordingArchive(calls) }) },
    );
    if (!r.ok) throw new Error(r.error.message);
    const text = readBody(r.value, key('aaaaaaaaaaaa'));
    expect(text.ok ? null : text.error.code).toBe('SPAN_OUT_OF_RANGE');
    const negative = readBody(r.value, key('bbbbbbbbbbbb'));
    expect(negative.ok ? '' : negative.error.message).toContain('body_offset -5');
    expect(calls).toEqual([]);
    expect(findBodyRow(r.value, key('aaaaaaaaaaaa'))?.bodyOffset).toBeNaN();
    r.value.close();
  });

  it('every read fails with the archive failure, naming the row', async () => {
    const db = buildSmallLedger(join(dir, 'session.db'), 'A2');
    db.prepare("INSERT INTO body_blocks VALUES (16, 100, 50, 't1')").run();
    db.prepare(
      "INSERT INTO event_body_blobs (event_id, source_table, direction, body_hash, block_offset, body_offset, body_len) VALUES ('aaaaaaaaaaaa', 'net_events', 'request', 'blake3:00', 16, 0, 10)",
    ).run();
    db.close();
    const r = await openEvidence([join(dir, 'session.db')]);
    if (!r.ok) throw new Error(r.error.message);
    const result = readBody(r.value, key('aaaaaaaaaaaa'));
    expect(result.ok ? null : result.error.code).toBe('BODIES_UNAVAILABLE');
    expect(result.ok ? '' : result.error.message).toContain('event_id=aaaaaaaaaaaa');
    r.value.close();
  });
});

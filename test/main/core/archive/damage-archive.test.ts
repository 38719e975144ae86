import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openArchive } from '../../../../src/main/core/archive/open-archive.js';
import { verifyBlockBodies } from '../../../../src/main/core/archive/verify-block.js';
import { keyString, open, readAll, summarise, tempDir, writeArchive } from './helpers.js';
import { SAMPLES, buildSample } from './sample-archives.js';

const v2zstd = SAMPLES[2]!;
const v3 = SAMPLES[5]!;

describe('archive-level refusals', () => {
  it('missing archive, symlink, directory where a file is expected, file where a directory is expected', async () => {
    const dir = tempDir();
    const missing = await openArchive({ location: { kind: 'file', path: path.join(dir, 'nope') }, expectedVersion: 2 });
    expect(missing).toMatchObject({ ok: false, error: { code: 'ARCHIVE_MISSING' } });
    const disk = writeArchive(await buildSample(v2zstd));
    const link = path.join(disk.dir, 'link.bodies');
    fs.symlinkSync(disk.filePath, link);
    expect(await openArchive({ location: { kind: 'file', path: link }, expectedVersion: 2 })).toMatchObject({
      ok: false,
      error: { code: 'UNSAFE_PATH' },
    });
    expect(await openArchive({ location: { kind: 'directory', path: disk.filePath }, expectedVersion: 3 })).toMatchObject({
      ok: false,
      error: { code: 'BAD_FILE_HEADER' },
    });
    const d3 = writeArchive(await buildSample(v3));
    expect(await openArchive({ location: d3.location, expectedVersion: 2 })).toMatchObject({
      ok: false,
      error: { code: 'BAD_FILE_HEADER' },
    });
    // A v2 file where the ledger expects v3 (the product's "legacy v2 archive is a regular file").
    expect(await openArchive({ location: disk.location, expectedVersion: 3, archiveState: d3.state })).toMatchObject({
      ok: false,
      error: { code: 'BAD_FILE_HEADER' },
    });
  });

  it('v3: selected generation missing, identity mismatch, name mismatch, shorter than committed_end', async () => {
    const d3 = writeArchive(await buildSample(v3));
    const state = d3.state!;
    const otherId = Uint8Array.from(state.generationId);
    otherId[15] = (otherId[15] ?? 0) ^ 1;
    expect(
      await openArchive({ location: d3.location, expectedVersion: 3, archiveState: { ...state, generationId: otherId } }),
    ).toMatchObject({ ok: false, error: { code: 'ARCHIVE_MISSING' } });
    // Rename the file to the other id: found, but its header names a different generation.
    const renamed = path.join(path.dirname(d3.filePath), `g-${Buffer.from(otherId).toString('hex')}.cbl`);
    fs.copyFileSync(d3.filePath, renamed);
    expect(
      await openArchive({ location: d3.location, expectedVersion: 3, archiveState: { ...state, generationId: otherId } }),
    ).toMatchObject({ ok: false, error: { code: 'ARCHIVE_IDENTITY_MISMATCH' } });
    const otherArchive = Uint8Array.from(state.archiveId);
    otherArchive[0] = (otherArchive[0] ?? 0) ^ 1;
    expect(
      await openArchive({ location: d3.location, expectedVersion: 3, archiveState: { ...state, archiveId: otherArchive } }),
    ).toMatchObject({ ok: false, error: { code: 'ARCHIVE_IDENTITY_MISMATCH' } });
    expect(
      await openArchive({
        location: d3.location,
        expectedVersion: 3,
        archiveState: { ...state, committedEnd: fs.statSync(d3.filePath).size + 1 },
      }),
    ).toMatchObject({ ok: false, error: { code: 'COMMITTED_EXTENT' } });
    // Orphan and foreign files beside the selected generation are ignored.
    fs.writeFileSync(path.join(path.dirname(d3.filePath), 'g-00000000000040008000000000000000.cbl'), 'orphan');
    fs.writeFileSync(path.join(path.dirname(d3.filePath), 'notes.txt'), 'foreign');
    const ok = await open(d3, 3);
    expect([...summarise(readAll(ok, d3), d3.expected).values()].every((v) => v === 'ok')).toBe(true);
  });

  it('a regular file with a v3 header is read with v3 rules and no identity checks', async () => {
    const enc = await buildSample(v3);
    const dir = tempDir();
    const file = path.join(dir, 'session.bodies');
    fs.writeFileSync(file, enc.bytes);
    const disk = { ...writeArchive(enc), location: { kind: 'file' as const, path: file }, state: null };
    const archive = await open(disk, 3);
    expect([...summarise(readAll(archive, disk), disk.expected).values()].every((v) => v === 'ok')).toBe(true);
  });

  it('v3: a row past committed_end is out of range; bytes past committed_end are ignored', async () => {
    const d3 = writeArchive(await buildSample(v3));
    const archive = await open({ ...d3, state: { ...d3.state!, committedEnd: d3.state!.committedEnd - 10 } }, 3);
    const results = summarise(readAll(archive, d3), d3.expected);
    const lastBlock = Math.max(...d3.rows.map((r) => r.blockOffset ?? 0));
    for (const r of d3.rows) expect(results.get(keyString(r))).toBe(r.blockOffset === lastBlock ? 'SPAN_OUT_OF_RANGE' : 'ok');
  });
});

describe('row-level refusals', () => {
  it('span past raw_len, unsafe integers, missing block row, wrong body hash, wrong block row', async () => {
    const disk = writeArchive(await buildSample(v2zstd));
    const archive = await open(disk, 2);
    const row = disk.rows.find((r) => r.bodyLen > 10)!;
    const block = disk.blocks.get(row.blockOffset!)!;
    const code = (r: typeof row, b = block as typeof block | undefined): string => {
      const res = archive.readBody(r, b);
      return res.ok ? 'ok' : res.error.code;
    };
    expect(code(row)).toBe('ok');
    expect(code({ ...row, bodyOffset: block.rawLen - row.bodyLen + 1 })).toBe('SPAN_OUT_OF_RANGE');
    expect(code({ ...row, bodyOffset: -1 })).toBe('SPAN_OUT_OF_RANGE');
    expect(code({ ...row, bodyLen: 2 ** 53 })).toBe('SPAN_OUT_OF_RANGE');
    expect(code({ ...row, blockOffset: 2 ** 60 }, { ...block, blockOffset: 2 ** 60 })).toBe('SPAN_OUT_OF_RANGE');
    expect(code({ ...row, blockOffset: 4 }, { ...block, blockOffset: 4 })).toBe('SPAN_OUT_OF_RANGE');
    expect(code(row, { ...block, rawLen: 16 * 1024 * 1024 + 1 })).toBe('SPAN_OUT_OF_RANGE');
    expect(code(row, { ...block, diskLen: 3 })).toBe('SPAN_OUT_OF_RANGE');
    const unrecorded = archive.readBody(row, undefined);
    expect(unrecorded.ok ? 'ok' : unrecorded.error.code).toBe('BLOCK_NOT_RECORDED');
    expect(code({ ...row, blockOffset: null })).toBe('SPAN_OUT_OF_RANGE');
    const past = disk.rows.length > 0 ? fs.statSync(disk.filePath).size + 100 : 0;
    expect(code({ ...row, blockOffset: past }, { ...block, blockOffset: past })).toBe('INDEX_PAST_END');
    const wrong = archive.readBody({ ...row, bodyHash: `blake3:${'0'.repeat(64)}` }, block);
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) {
      expect(wrong.error.code).toBe('BODY_HASH_MISMATCH');
      expect(wrong.error.message).toContain(`event_id=${row.eventId}`);
      expect(wrong.error.message).toContain('does not match the row that named it');
    }
  });

  it('a v2 file cut inside a block: bodies before the cut verify, the rest fail individually', async () => {
    const enc = await buildSample(v2zstd);
    const target = enc.blocks.find((b) => b.segments.length >= 3)!;
    const seg = target.segments[2]!;
    expect(enc.blocks.length).toBeGreaterThan(0);
    const cut = seg.fileOffset + 52 + Math.floor(seg.compLen / 2);
    const disk = writeArchive(enc, enc.bytes.subarray(0, cut));
    const results = summarise(readAll(await open(disk, 2), disk), disk.expected);
    for (const r of disk.rows) {
      const needsCut =
        (r.blockOffset ?? 0) > target.blockOffset ||
        (r.blockOffset === target.blockOffset && (r.bodyOffset ?? 0) + r.bodyLen > seg.rawStart);
      const got = results.get(keyString(r));
      if (needsCut) expect(['TRUNCATED_BLOCK', 'INDEX_PAST_END']).toContain(got);
      else expect(got).toBe('ok');
    }
  });

  it('verifyBlockBodies returns results in the order given and reconciles', async () => {
    const disk = writeArchive(await buildSample(v2zstd));
    const archive = await open(disk, 2);
    const block = disk.blocks.get(disk.rows[0]!.blockOffset!)!;
    const rows = disk.rows.filter((r) => r.blockOffset === block.blockOffset).reverse();
    const results = verifyBlockBodies(archive, block, rows);
    expect(results.length).toBe(rows.length);
    results.forEach((res, i) =>
      expect(res.ok && Buffer.from(res.bytes).equals(Buffer.from(disk.expected.get(keyString(rows[i]!))!))).toBe(true),
    );
  });
});

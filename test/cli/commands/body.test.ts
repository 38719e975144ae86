import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../../src/cli/commands/body.js';
import { captureIo } from '../../../src/cli/io.js';
import { blake3Tag, buildSmallLedger, pictureOf, removeDir, tempDir } from '../../main/core/evidence/helpers.js';

let evidence: string;
let out: string;
const binary = Buffer.from([0, 1, 2, 0xff, 0xfe, 0x80, 10, 13, 0xc3, 0x28]);

beforeAll(async () => {
  evidence = tempDir('cli-body-');
  out = tempDir('cli-body-out-');
  const db = buildSmallLedger(join(evidence, 'session.db'), 'L0');
  const insert = db.prepare('INSERT INTO event_body_blobs (event_id, source_table, direction, body_hash, body) VALUES (?, ?, ?, ?, ?)');
  insert.run('aaaaaaaaaaaa', 'net_events', 'response', await blake3Tag(binary), binary);
  insert.run('bbbbbbbbbbbb', 'net_events', 'response', await blake3Tag(Buffer.from('expected')), Buffer.from('tampered'));
  db.close();
});
afterAll(() => {
  removeDir(evidence);
  removeDir(out);
});

function byteIo() {
  const io = captureIo();
  const chunks: Buffer[] = [];
  return Object.assign(io, { stdoutBytes: (b: Uint8Array) => void chunks.push(Buffer.from(b)), bytes: () => Buffer.concat(chunks) });
}

describe('capsem-inspect body', () => {
  it('writes the verified bytes to stdout (exit 0)', async () => {
    const io = byteIo();
    expect(await run([evidence, 'aaaaaaaaaaaa', 'net_events', 'response'], io)).toBe(0);
    expect(io.bytes().equals(binary)).toBe(true);
    expect(io.err).toBe('');
  });

  it('writes to -o FILE, refusing a FILE inside the evidence folder', async () => {
    const before = pictureOf(evidence);
    const io = byteIo();
    expect(await run([evidence, 'aaaaaaaaaaaa', 'net_events', 'response', '-o', join(out, 'body.bin')], io)).toBe(0);
    expect(readFileSync(join(out, 'body.bin')).equals(binary)).toBe(true);
    const inside = byteIo();
    expect(await run([evidence, 'aaaaaaaaaaaa', 'net_events', 'response', '-o', join(evidence, 'body.bin')], inside)).toBe(2);
    expect(inside.err).toContain('EXPORT_DESTINATION');
    expect(pictureOf(evidence)).toEqual(before);
  });

  it('exits 1 with the code and sentence when the body fails verification, writing no bytes', async () => {
    const io = byteIo();
    expect(await run([evidence, 'bbbbbbbbbbbb', 'net_events', 'response'], io)).toBe(1);
    expect(io.err).toMatch(/^capsem-inspect body: BODY_HASH_MISMATCH: .*event_id=bbbbbbbbbbbb/);
    expect(io.bytes().length).toBe(0);
  });

  it('exits 2 for no such body, an unopenable ledger, or bad usage', async () => {
    const none = byteIo();
    expect(await run([evidence, 'cccccccccccc', 'net_events', 'response'], none)).toBe(2);
    expect(none.err).toContain('NO_SUCH_BODY');
    const missing = byteIo();
    expect(await run([join(out, 'nowhere'), 'aaaaaaaaaaaa', 'net_events', 'response'], missing)).toBe(2);
    expect(missing.err).toContain('NOT_FOUND');
    const usage = byteIo();
    expect(await run([evidence, 'aaaaaaaaaaaa'], usage)).toBe(2);
    expect(usage.err).toContain('usage:');
  });

  it('runs end to end through bin/capsem-inspect.js with binary stdout intact', () => {
    const bin = join(process.cwd(), 'bin/capsem-inspect.js');
    // Always the sources: a build left in build/node must never stand in for the code under test.
    const env = { ...process.env, CAPSEM_INSPECT_FROM_SOURCE: '1' };
    const stdout = execFileSync('node', [bin, 'body', evidence, 'aaaaaaaaaaaa', 'net_events', 'response'], { env });
    expect(Buffer.from(stdout).equals(binary)).toBe(true);
    const bad = spawnSync('node', [bin, 'body', evidence, 'bbbbbbbbbbbb', 'net_events', 'response'], { env });
    expect(bad.status).toBe(1);
    expect(bad.stdout.length).toBe(0);
    expect(bad.stderr.toString()).toContain('BODY_HASH_MISMATCH');
  });
});

// capsem-inspect case export and case verify on a fixture whose request bodies carry a planted credential: the
// redacted export holds neither the planted key nor the recorded credential_ref in any of four encodings (plain,
// JSON-escaped, base64, URL-encoded) while --unredacted keeps them; verify passes, then names the item whose
// exported body had a byte changed; export refuses a non-empty folder and one inside the evidence, and never writes
// into the evidence folder.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../../src/cli/io.js';
import { run } from '../../../src/cli/commands/case.js';
import { SECRET_PATTERNS } from '../../../src/main/core/match/secret-patterns.js';
import type { ContentBody } from '../../fixtures/writer/content-types.js';
import { writeLedger } from '../../fixtures/writer/ledger-writer.js';
import type { WrittenLedger } from '../../fixtures/writer/ledger-writer.js';
import { snapshotFolder } from '../../hostile/lib/folder-snapshot.js';

const KEY = SECRET_PATTERNS.find((p) => p.name === 'anthropic-api-key')!.example;
const root = mkdtempSync(join(tmpdir(), 'cli-case-export-'));
const casePath = join(root, 'case.jsonl');
let ledger: WrittenLedger;
let credentialRef: string;
let request: { eventId: string; sourceTable: string };
let response: { eventId: string; sourceTable: string };

/** Request bodies (JSON, never msgpack) end with the planted key, as an agent leaking it would send it. */
function plant(b: ContentBody): Uint8Array {
  if (b.contentType?.includes('msgpack') || b.key.direction !== 'request') return b.bytes;
  return Buffer.concat([b.bytes, Buffer.from(`\n{"x-api-key":"${KEY}"}\n`)]);
}

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo();
  const code = await run(args, io);
  return { code, out: io.out, err: io.err };
}

/** Every file of the folder, read as latin1 (one character per byte), joined. */
function folderText(dir: string): string {
  return readdirSync(dir)
    .map((name) => readFileSync(join(dir, name)).toString('latin1'))
    .join('\n');
}

/** The value in the four forms an export could carry it in. */
function encodings(value: string): string[] {
  return [value, JSON.stringify(value).slice(1, -1), Buffer.from(value).toString('base64'), encodeURIComponent(value)];
}

beforeAll(async () => {
  ledger = await writeLedger(join(root, 'a'), { generation: 'A4', seed: 7, sessionId: 'cli-case-export-1', plant });
  const db = new Database(ledger.dbPath, { readonly: true });
  credentialRef = db.prepare('SELECT credential_ref FROM net_events WHERE credential_ref IS NOT NULL LIMIT 1').pluck().get() as string;
  db.close();
  const req = ledger.bodies.find((b) => b.key.sourceTable === 'net_events' && b.key.direction === 'request')!;
  request = req.key;
  response = ledger.bodies.find((b) => b.key.eventId === req.key.eventId && b.key.direction === 'response')!.key;
  const base = ['add', ledger.sessionDir, '--case', casePath, '--table', 'net_events'];
  const adds = [
    [...base, '--event', request.eventId, '--body', 'request', '--tag', 'notable', '--note', `leaked ${KEY} here`],
    // A range ending inside the key: the key is masked in the whole body before the range is cut.
    [...base, '--event', request.eventId, '--body', 'request', '--range', `0-${req.bytes.length - 10}`, '--tag', 'follow-up'],
    [...base, '--event', response.eventId, '--body', 'response', '--tag', 'benign'],
  ];
  for (const a of adds) expect((await cli(a)).code).toBe(0);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('capsem-inspect case export', () => {
  it('masks the planted key and the recorded credential in every file and encoding, and lists where', async () => {
    const before = snapshotFolder(ledger.sessionDir);
    const out = join(root, 'redacted');
    const r = await cli(['export', ledger.sessionDir, '--case', casePath, '-o', out]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^exported 3 items to .*redacted: 3 of 3 bodies verified and written\nREDACTED: \d+ stretches masked/);
    expect(readdirSync(out).sort()).toEqual(['case.html', 'case.json', 'receipt.json', 'redactions.json']);
    const text = folderText(out);
    for (const form of [...encodings(KEY), ...encodings(credentialRef)]) expect(text).not.toContain(form);

    const html = readFileSync(join(out, 'case.html'), 'utf8');
    expect(html.split('\n')[0]).toMatch(/REDACTED/);
    expect(html).not.toMatch(/<script|\ssrc=|\shref=|url\(|@import/i);
    const exported = JSON.parse(readFileSync(join(out, 'case.json'), 'utf8'));
    expect(exported.redacted).toBe(true);
    expect(exported.items[0].row.credential_ref).toMatch(/^\*+$/);
    expect(exported.items[0].note).toMatch(/^leaked \*+ here$/);
    expect(exported.evidence.sessionDb.sha256).toMatch(/^[0-9a-f]{64}$/);
    const redactions = JSON.parse(readFileSync(join(out, 'redactions.json'), 'utf8')).redactions;
    const id = exported.items[0].id;
    expect(redactions).toContainEqual({
      item: id,
      where: 'body.request',
      offset: expect.any(Number),
      length: KEY.length,
      pattern: 'anthropic-api-key',
    });
    expect(redactions).toContainEqual({ item: id, where: 'note', offset: 7, length: KEY.length, pattern: 'anthropic-api-key' });
    expect(redactions).toContainEqual(expect.objectContaining({ item: id, where: 'row.credential_ref', pattern: 'credential-column' }));

    const receipt = JSON.parse(readFileSync(join(out, 'receipt.json'), 'utf8'));
    expect(receipt.bodies.map((b: { verdict: string; masked: number }) => [b.verdict, b.masked > 0])).toEqual([
      ['verified', true],
      ['verified', true],
      ['verified', false],
    ]);
    const whole = ledger.bodies.find((b) => b.key.eventId === request.eventId && b.key.direction === 'request')!;
    expect(receipt.bodies[0].ledgerBodyHash).toBe(whole.row.bodyHash);
    expect(receipt.bodies[0].exportedBlake3).not.toBe(whole.row.bodyHash);
    expect(receipt.verify).toMatch(/^capsem-inspect case verify .*redacted \[/);
    expect(snapshotFolder(ledger.sessionDir)).toEqual(before);
  });

  it('--unredacted keeps every value as recorded and says so', async () => {
    const out = join(root, 'unredacted');
    const r = await cli(['export', ledger.sessionDir, '--case', casePath, '-o', out, '--unredacted']);
    expect(r.code).toBe(0);
    const html = readFileSync(join(out, 'case.html'), 'utf8');
    expect(html.split('\n')[0]).toContain('UNREDACTED: contains credentials as recorded');
    const exported = JSON.parse(readFileSync(join(out, 'case.json'), 'utf8'));
    expect([exported.redacted, exported.notice]).toEqual([false, 'UNREDACTED: contains credentials as recorded']);
    expect(exported.items[0].row.credential_ref).toBe(credentialRef);
    expect(Buffer.from(exported.items[0].body.base64, 'base64').toString('utf8')).toContain(KEY);
    expect(JSON.parse(readFileSync(join(out, 'redactions.json'), 'utf8')).redactions).toEqual([]);
    const verify = await cli(['verify', out, ledger.sessionDir]);
    expect(verify.code).toBe(0);
    expect(verify.out).toContain('exported bytes hash to the ledger body_hash');
    expect(verify.out).toContain("exported range equals the verified ledger body's bytes");
  });

  it('verify passes on the export, then names the item whose body had a byte changed (exit 1)', async () => {
    const out = join(root, 'to-verify');
    expect((await cli(['export', ledger.sessionDir, '--case', casePath, '-o', out])).code).toBe(0);
    const alone = await cli(['verify', out]);
    expect([alone.code, alone.err]).toEqual([0, 'no ledger given: checked against the receipt only\nall 6 checks match\n']);
    const withLedger = await cli(['verify', out, ledger.sessionDir]);
    expect(withLedger.code).toBe(0);
    expect(withLedger.out).toContain('masked bytes are checked against the receipt only');

    const file = join(out, 'case.json');
    const exported = JSON.parse(readFileSync(file, 'utf8'));
    const target = exported.items[2];
    const bytes = Buffer.from(target.body.base64, 'base64');
    bytes[5] = bytes[5]! ^ 1;
    target.body.base64 = bytes.toString('base64');
    writeFileSync(file, JSON.stringify(exported, null, 2) + '\n');
    const changed = await cli(['verify', out, ledger.sessionDir]);
    expect(changed.code).toBe(1);
    expect(changed.out).toMatch(new RegExp(`^MISMATCH  receipt  ${target.id}  BLAKE3 blake3:[0-9a-f]{64}, not blake3:`, 'm'));
    expect(changed.out).toMatch(new RegExp(`^MISMATCH  ledger   ${target.id}  exported bytes do not hash`, 'm'));
    expect(changed.out).toMatch(/^MISMATCH  file     case\.json/m);
    expect(changed.out).not.toMatch(new RegExp(`MISMATCH .*${exported.items[0].id}`));
    const missing = await cli(['verify', join(root, 'nowhere')]);
    expect(missing.code).toBe(2);
  });

  it('refuses a non-empty folder and one inside the evidence, writing nothing into the evidence folder', async () => {
    const before = snapshotFolder(ledger.sessionDir);
    const full = join(root, 'full');
    mkdirSync(full);
    writeFileSync(join(full, 'keep.txt'), 'mine');
    const r = await cli(['export', ledger.sessionDir, '--case', casePath, '-o', full]);
    expect([r.code, r.err]).toEqual([2, expect.stringContaining('EXPORT_DESTINATION')]);
    expect(r.err).toContain('exists and is not empty');
    expect(readdirSync(full)).toEqual(['keep.txt']);
    const inside = await cli(['export', ledger.sessionDir, '--case', casePath, '-o', join(ledger.sessionDir, 'export')]);
    expect([inside.code, inside.err]).toEqual([2, expect.stringContaining('lies inside the evidence folder')]);
    const empty = join(root, 'empty');
    mkdirSync(empty);
    expect((await cli(['export', ledger.sessionDir, '--case', casePath, '-o', empty])).code).toBe(0);
    expect(readdirSync(root).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    expect(snapshotFolder(ledger.sessionDir)).toEqual(before);
  });
});

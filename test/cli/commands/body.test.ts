import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../../src/cli/commands/body.js';
import { captureIo } from '../../../src/cli/io.js';
import { blake3Tag, buildSmallLedger, pictureOf, removeDir, tempDir } from '../../main/core/evidence/helpers.js';

let evidence: string;
let out: string;
const binary = Buffer.from([0, 1, 2, 0xff, 0xfe, 0x80, 10, 13, 0xc3, 0x28]);
// Sets the clipboard (OSC 52), clears the screen, retitles the window: what a hostile body would do to a terminal.
const hostile = Buffer.from('ok\u001b]52;c;cm0gLXJmIH4=\u0007\u001b[2J\u001b]0;pwned\u0007', 'utf8');
const safeText = Buffer.from('{"answer":"héllo"}\r\nline two\tend\n', 'utf8');

beforeAll(async () => {
  evidence = tempDir('cli-body-');
  out = tempDir('cli-body-out-');
  const db = buildSmallLedger(join(evidence, 'session.db'), 'L0');
  const insert = db.prepare('INSERT INTO event_body_blobs (event_id, source_table, direction, body_hash, body) VALUES (?, ?, ?, ?, ?)');
  insert.run('aaaaaaaaaaaa', 'net_events', 'response', await blake3Tag(binary), binary);
  insert.run('bbbbbbbbbbbb', 'net_events', 'response', await blake3Tag(Buffer.from('expected')), Buffer.from('tampered'));
  insert.run('dddddddddddd', 'net_events', 'response', await blake3Tag(hostile), hostile);
  insert.run('eeeeeeeeeeee', 'net_events', 'response', await blake3Tag(safeText), safeText);
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

  it('writes to -o FILE and says what it wrote, refusing a FILE inside the evidence folder', async () => {
    const before = pictureOf(evidence);
    const io = byteIo();
    expect(await run([evidence, 'aaaaaaaaaaaa', 'net_events', 'response', '-o', join(out, 'body.bin')], io)).toBe(0);
    expect(readFileSync(join(out, 'body.bin')).equals(binary)).toBe(true);
    expect(io.err).toBe(
      `wrote 10 bytes to ${join(out, 'body.bin')}; read back through every segment hash and the body hash before writing\n`,
    );
    const tty = Object.assign(byteIo(), { stdoutIsTerminal: true });
    expect(await run([evidence, 'dddddddddddd', 'net_events', 'response', '-o', join(out, 'hostile.bin')], tty)).toBe(0);
    expect(readFileSync(join(out, 'hostile.bin')).equals(hostile)).toBe(true);
    const inside = byteIo();
    expect(await run([evidence, 'aaaaaaaaaaaa', 'net_events', 'response', '-o', join(evidence, 'body.bin')], inside)).toBe(2);
    expect(inside.err).toContain('EXPORT_DESTINATION');
    expect(pictureOf(evidence)).toEqual(before);
  });

  it('to a terminal: writes safe text, refuses anything else with how to write it to a file or a pipe', async () => {
    const text = Object.assign(byteIo(), { stdoutIsTerminal: true });
    expect(await run([evidence, 'eeeeeeeeeeee', 'net_events', 'response'], text)).toBe(0);
    expect(text.bytes().equals(safeText)).toBe(true);
    for (const id of ['dddddddddddd', 'aaaaaaaaaaaa']) {
      const io = Object.assign(byteIo(), { stdoutIsTerminal: true });
      expect(await run([evidence, id, 'net_events', 'response'], io)).toBe(2);
      expect(io.bytes().length).toBe(0);
      expect(io.err).toContain('not written to the terminal');
      expect(io.err).toContain(`-o body.bin`);
      expect(io.err).toContain('| xxd | less');
      expect(io.err).not.toContain('\u001b');
    }
    // Not a terminal (a pipe, a file): byte for byte, whatever the bytes are.
    const pipe = byteIo();
    expect(await run([evidence, 'dddddddddddd', 'net_events', 'response'], pipe)).toBe(0);
    expect(pipe.bytes().equals(hostile)).toBe(true);
  });

  it.runIf(existsSync('/usr/bin/script'))(
    'in a real pseudo-terminal (util-linux script): the hostile body is refused, nothing reaches the terminal',
    () => {
      const bin = join(process.cwd(), 'bin/capsem-inspect.js');
      const env = { ...process.env, CAPSEM_INSPECT_FROM_SOURCE: '1', NO_COLOR: '1' };
      const command = (id: string): string => `node ${bin} body ${evidence} ${id} net_events response; echo "exit=$?"`;
      // script runs the command with its stdin/stdout/stderr on a fresh pty and copies what the pty showed to our stdout.
      const shown = execFileSync('script', ['-q', '-e', '-c', command('dddddddddddd'), '/dev/null'], { env }).toString('utf8');
      expect(shown).toContain('not written to the terminal');
      expect(shown).toContain('exit=2');
      expect(shown).not.toContain('\u001b]52');
      expect(shown).not.toContain('\u001b[2J');
      const ok = execFileSync('script', ['-q', '-e', '-c', command('eeeeeeeeeeee'), '/dev/null'], { env }).toString('utf8');
      expect(ok).toContain('line two\tend');
      expect(ok).toContain('exit=0');
    },
  );

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

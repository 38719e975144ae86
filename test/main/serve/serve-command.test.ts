import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureIo } from '../../../src/cli/io.js';
import { parseServeArgs, run } from '../../../src/cli/commands/serve.js';
import { writeLedger } from '../../fixtures/writer/ledger-writer.js';

describe('capsem-inspect serve', () => {
  it('parses paths and --port, and refuses what it does not know', () => {
    expect(parseServeArgs(['a', '--port', '8080', 'b'])).toEqual({ paths: ['a', 'b'], port: 8080 });
    expect(parseServeArgs(['--port=0'])).toEqual({ paths: [], port: 0 });
    expect(parseServeArgs(['--port', 'x'])).toMatch(/--port needs a number/);
    expect(parseServeArgs(['--bind', '0.0.0.0'])).toMatch(/unknown option --bind/);
  });

  it('parses --case FILE, and without it keeps no case', () => {
    expect(parseServeArgs(['a', '--case', '/tmp/x.capsem-case'])).toEqual({ paths: ['a'], port: 0, casePath: '/tmp/x.capsem-case' });
    expect(parseServeArgs(['--case=/tmp/y'])).toEqual({ paths: [], port: 0, casePath: '/tmp/y' });
    expect(parseServeArgs(['a'])).toEqual({ paths: ['a'], port: 0 });
    expect(parseServeArgs(['--case'])).toMatch(/--case/);
  });

  it('parses --notable FILE, and refuses to serve with a damaged notable set, naming it', async () => {
    expect(parseServeArgs(['a', '--notable', '/tmp/n.capsem-notable'])).toEqual({
      paths: ['a'],
      port: 0,
      notablePath: '/tmp/n.capsem-notable',
    });
    expect(parseServeArgs(['--notable'])).toMatch(/--notable/);
    const dir = mkdtempSync(join(tmpdir(), 'capsem-serve-notable-'));
    try {
      const ledger = await writeLedger(join(dir, 'evidence'), { generation: 'A2-zstd', seed: 2 });
      const set = join(dir, 'set.capsem-notable');
      writeFileSync(set, '{"format":"capsem-inspect-notable","version":7}\n');
      const io = captureIo();
      expect(await run([ledger.sessionDir, '--notable', set], io, new Promise(() => undefined))).toBe(2);
      expect(io.err).toMatch(/NOTABLE_TOO_NEW: notable set .* is too new/);
      expect(io.out).not.toContain('http://');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to serve with a case file inside the evidence folder, naming it, and writes nothing there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'capsem-serve-case-'));
    try {
      const ledger = await writeLedger(dir, { generation: 'A2-zstd', seed: 2 });
      const before = readdirSync(ledger.sessionDir).sort();
      const io = captureIo();
      const code = await run([ledger.sessionDir, '--case', join(ledger.sessionDir, 'notes.capsem-case')], io, new Promise(() => undefined));
      expect(code).toBe(2);
      expect(io.err).toMatch(/CASE_INSIDE_EVIDENCE: case file .*notes\.capsem-case lies inside the evidence folder/);
      expect(io.out).not.toContain('http://');
      expect(readdirSync(ledger.sessionDir).sort()).toEqual(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers bad arguments with what was wrong and its usage line, exit 2, serving nothing', async () => {
    const io = captureIo();
    expect(await run(['--bind', '0.0.0.0'], io, Promise.resolve())).toBe(2);
    expect(io.err).toBe(
      'capsem-inspect serve: unknown option --bind\nusage: capsem-inspect serve [<path>...] [--port N] [--case FILE] [--notable FILE]\n',
    );
    expect(io.out).toBe('');
  });

  it('opens the given session, prints a loopback URL with its token, and stops cleanly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'capsem-serve-cmd-'));
    try {
      const ledger = await writeLedger(dir, { generation: 'A2-zstd', seed: 2 });
      const io = captureIo();
      let release!: () => void;
      const until = new Promise<void>((r) => (release = r));
      const done = run([ledger.sessionDir], io, until);
      for (let i = 0; i < 200 && !io.out.includes('http://'); i++) await new Promise((r) => setTimeout(r, 25));
      const url = /http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]{64})#\//.exec(io.out);
      expect(url).not.toBeNull();
      expect(io.out).toContain(`opened ${ledger.sessionId} (A2)`);
      const res = await fetch(`http://127.0.0.1:${url![1]}/api/evidence.list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-capsem-token': url![2]! },
        body: 'null',
      });
      const body = (await res.json()) as { ok: boolean; value: { sessionId: string }[] };
      expect(body.value.map((e) => e.sessionId)).toEqual([ledger.sessionId]);
      release();
      expect(await done).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits 2 without serving when a given path cannot be opened, and says why', async () => {
    const io = captureIo();
    const code = await run(['/nonexistent/session'], io, new Promise(() => undefined));
    expect(code).toBe(2);
    expect(io.err).toMatch(/NOT_FOUND|NOT_A_LEDGER/);
    expect(io.err).toContain('not serving: every path given must open');
    expect(io.out).not.toContain('http://');
  });

  it('opens every session folder given, each as its own ledger; one that does not open means exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'capsem-serve-many-'));
    try {
      const [a, b] = await Promise.all([
        writeLedger(join(dir, 'a'), { generation: 'A4', sessionId: 'serve-a' }),
        writeLedger(join(dir, 'b'), { generation: 'A2-zstd', sessionId: 'serve-b' }),
      ]);
      const io = captureIo();
      let release!: () => void;
      const until = new Promise<void>((r) => (release = r));
      const done = run([a.sessionDir, b.sessionDir], io, until);
      for (let i = 0; i < 200 && !io.out.includes('http://'); i++) await new Promise((r) => setTimeout(r, 25));
      expect(io.err).toBe('');
      expect(io.out).toContain('opened serve-a (A4)');
      expect(io.out).toContain('opened serve-b (A2)');
      release();
      expect(await done).toBe(0);
      const bad = captureIo();
      expect(await run([a.sessionDir, join(dir, 'nothing-here')], bad, new Promise(() => undefined))).toBe(2);
      expect(bad.out).toContain('opened serve-a (A4)');
      expect(bad.err).toMatch(/NOT_FOUND/);
      expect(bad.out).not.toContain('http://');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves a page-damaged ledger beside a good one, the damaged one as DAMAGED', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'capsem-serve-damaged-'));
    try {
      const [bad, good] = await Promise.all([
        writeLedger(join(dir, 'bad'), { generation: 'A4', sessionId: 'serve-bad', damage: 'corrupt-sqlite-page' }),
        writeLedger(join(dir, 'good'), { generation: 'A4', sessionId: 'serve-good' }),
      ]);
      const io = captureIo();
      let release!: () => void;
      const until = new Promise<void>((r) => (release = r));
      let listening!: () => void;
      const served = new Promise<void>((r) => (listening = r));
      const done = run(
        [bad.sessionDir, good.sessionDir],
        { ...io, stdout: (t) => (io.stdout(t), t.includes('http://') && listening()) },
        until,
      );
      await served;
      expect(io.err).toBe('');
      expect(io.out).toContain('opened serve-bad: DAMAGED, SQLite cannot read it (DB_CORRUPT); only its integrity report is served');
      expect(io.out).toContain('opened serve-good (A4)');
      release();
      expect(await done).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// capsem-inspect check: exit codes, the JSON keys scripts rely on, text output, usage, --all over a folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLedger } from '../../fixtures/writer/ledger-writer.js';
import type { WrittenLedger } from '../../fixtures/writer/ledger-writer.js';
import { captureIo } from '../../../src/cli/io.js';
import { run } from '../../../src/cli/commands/check.js';

const root = mkdtempSync(join(tmpdir(), 'cli-check-'));
let intact: WrittenLedger;
let damaged: WrittenLedger;

beforeAll(async () => {
  intact = await writeLedger(join(root, 'fleet', 'a'), { generation: 'A4', sessionId: 'intact-session' });
  damaged = await writeLedger(join(root, 'fleet', 'b'), { generation: 'A2-zstd', damage: 'wrong-body-hash', sessionId: 'damaged-session' });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('capsem-inspect check', () => {
  it('--json on an intact ledger: exit 0 and every promised key', async () => {
    const io = captureIo();
    const code = await run([intact.sessionDir, '--json', '--verify-bodies'], io);
    expect(io.err).toBe('');
    expect(code).toBe(0);
    const j = JSON.parse(io.out);
    expect(j.generation).toBe('A4');
    expect(j.session).toEqual({ id: 'intact-session', dir: intact.sessionDir });
    expect(j.pages).toEqual({ ok: true, messages: ['ok'] });
    expect(j.tables).toEqual(intact.rowCounts);
    expect(j.missingTables).toEqual([]);
    for (const k of ['bodies', 'blocks', 'archiveBytes', 'blocksEnd', 'problems', 'verified', 'failures'])
      expect(j.archive).toHaveProperty(k);
    expect(j.archive.verified).toBe(intact.bodies.length);
    for (const k of ['windows', 'heldBack']) expect(j.overflow).toHaveProperty(k);
    for (const k of ['calls', 'orphanCalls', 'orphanResponses', 'mcpWithoutLogicalCall']) expect(j.tools).toHaveProperty(k);
    for (const k of ['aiNetEvents', 'modelCalls']) expect(j.providers).toHaveProperty(k);
    expect(Object.keys(j.nulls).sort()).toEqual(['model', 'requestBodyPreview', 'tokens', 'total']);
    for (const f of j.findings) expect(Object.keys(f)).toEqual(expect.arrayContaining(['severity', 'code', 'message']));
    expect(j.verdict).toBe('intact');
  });

  it('interrupted before its bodies are verified: "unverified" in the JSON and the text, never intact, exit 2', async () => {
    for (const json of [true, false]) {
      const io = captureIo();
      const done = run([intact.sessionDir, ...(json ? ['--json'] : [])], io);
      // Ctrl-C, as the terminal sends it: the check's own handler cancels the verification it started.
      process.emit('SIGINT');
      expect(await done).toBe(2);
      if (json) {
        const j = JSON.parse(io.out);
        expect(j.verdict).toBe('unverified');
        expect(j.findings.map((f: { code: string }) => f.code)).toContain('VERIFY_INCOMPLETE');
      } else expect(io.out).toMatch(/^Verdict: unverified /m);
    }
  });

  it('verifies every body by default; --no-verify-bodies skips it and the verdict line says so', async () => {
    const io = captureIo();
    expect(await run([intact.sessionDir, '--json'], io)).toBe(0);
    expect(JSON.parse(io.out).archive.verified).toBe(intact.bodies.length);
    const skip = captureIo();
    expect(await run([intact.sessionDir, '--json', '--no-verify-bodies'], skip)).toBe(0);
    expect(JSON.parse(skip.out).archive.verified).toBeNull();
    const text = captureIo();
    expect(await run([intact.sessionDir, '--no-verify-bodies'], text)).toBe(0);
    expect(text.out).toContain('Verdict: intact (checked pages, tables, body index and archive; bodies not verified)');
    const full = captureIo();
    expect(await run([intact.sessionDir], full)).toBe(0);
    expect(full.out).toContain(
      `Verdict: intact (checked pages, tables, body index and archive; ${intact.bodies.length} of ${intact.bodies.length} bodies verified)`,
    );
    const both = captureIo();
    expect(await run([intact.sessionDir, '--verify-bodies', '--no-verify-bodies'], both)).toBe(2);
    expect(both.err).toContain('cannot both be given');
  });

  it('one damaged segment is one finding, the bodies it takes down listed under it', async () => {
    const seg = await writeLedger(join(root, 'segment'), { generation: 'A4', damage: 'flip-segment-hash', sessionId: 'segment-session' });
    const affected = seg.damage!.affected;
    expect(affected.length).toBeGreaterThan(1);
    const io = captureIo();
    expect(await run([seg.sessionDir, '--json'], io)).toBe(1);
    const failed = JSON.parse(io.out).findings.filter((f: { code: string }) => f.code === 'BODIES_FAILED');
    expect(failed).toHaveLength(1);
    expect(failed[0].message).toMatch(
      new RegExp(
        `^SEGMENT_HASH_MISMATCH: segment at offset \\d+ in block at offset \\d+ of .*; this takes down ${affected.length} bodies$`,
      ),
    );
    expect([...failed[0].evidence].sort()).toEqual(affected.map((b) => `${b.eventId} ${b.sourceTable}/${b.direction}`).sort());
    const text = captureIo();
    await run([seg.sessionDir], text);
    // The segment's sentence once in the archive block and once as the finding, not once per body.
    expect(text.out.split('does not match its segment hash').length - 1).toBe(2);
  });

  it('names listed rows by event_id beside their id, and prints numbers as people read them', async () => {
    const io = captureIo();
    expect(await run([intact.sessionDir, '--json', '--no-verify-bodies'], io)).toBe(0);
    const j = JSON.parse(io.out);
    for (const p of j.previews) if (p.total > 0) expect(p.columns.slice(0, 2)).toEqual(['id', 'event_id']);
    const orphans = j.findings.find((f: { code: string }) => f.code === 'ORPHAN_TOOL_CALLS');
    expect(orphans.evidence[0]).toMatch(/^tool_calls \d+ \(event_id [0-9a-f]{12}\) /);
    const text = captureIo();
    await run([intact.sessionDir, '--no-verify-bodies'], text);
    // No float's binary tail anywhere (0.0047894999999999995 was printed for a cost).
    expect(text.out).not.toMatch(/\d\.\d*(?:0{6,}|9{6,})\d/);
  });

  it('never speaks of the seeds or the doctor', async () => {
    const io = captureIo();
    await run([damaged.sessionDir, '--json'], io);
    const help = captureIo();
    await run(['--help'], help);
    for (const out of [io.out, help.out]) expect(out).not.toMatch(/seeds|doctor/i);
  });

  it('a damaged ledger: exit 1, the failing row named as event_id source_table/direction: code sentence', async () => {
    const io = captureIo();
    expect(await run([damaged.sessionDir, '--verify-bodies'], io)).toBe(1);
    const bad = damaged.damage!.affected[0]!;
    expect(io.out).toContain(`${bad.eventId} ${bad.sourceTable}/${bad.direction}: BODY_HASH_MISMATCH`);
    expect(io.out).toContain('Verdict: damaged');
    expect(io.out).toContain('Ledger pages intact (quick_check)');
    expect(io.out).not.toContain('\u001b[');
    const jio = captureIo();
    expect(await run([damaged.sessionDir, '--verify-bodies', '--json'], jio)).toBe(1);
    const j = JSON.parse(jio.out);
    expect(j.archive.failures).toEqual([
      expect.objectContaining({ eventId: bad.eventId, sourceTable: bad.sourceTable, direction: bad.direction, code: 'BODY_HASH_MISMATCH' }),
    ]);
    expect(j.verdict).toBe('damaged');
  });

  it("text output: aligned tables in the doctor's order, previews cut, colour only on a TTY", async () => {
    const io = captureIo();
    expect(await run([intact.sessionDir, '--rows', '2'], io)).toBe(0);
    const order = [
      'Ledger pages intact',
      'All expected tables present',
      'Event counts:',
      'Body archive:',
      'Findings:',
      'net_events (',
      'Verdict: intact',
    ];
    const at = order.map((s) => io.out.indexOf(s));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(io.out).toMatch(/net_events \(\d+ total, showing last 2\):/);
    const tty = { ...captureIo(), isTty: true };
    let out = '';
    tty.stdout = (t: string) => void (out += t);
    await run([intact.sessionDir], tty);
    expect(out).toContain('\u001b[');
  });

  it('says completeness beside the verdict; --require-complete makes a gap exit 1, --json carries both', async () => {
    const io = captureIo();
    expect(await run([intact.sessionDir, '--no-verify-bodies'], io)).toBe(0);
    expect(io.out).toMatch(/^Verdict: intact .*\nCompleteness: gaps \(2 kinds: BODY_CUT, FILE_EVENTS_OVERFLOW\)\n$/m);
    expect(io.out).toContain('1 body was cut at capture: its first bytes are kept and verified');
    expect(await run([intact.sessionDir, '--no-verify-bodies', '--require-complete'], captureIo())).toBe(1);
    const j = captureIo();
    expect(await run([intact.sessionDir, '--no-verify-bodies', '--json'], j)).toBe(0);
    const parsed = JSON.parse(j.out) as { verdict: string; completeness: { verdict: string; gaps: { kind: string }[] } };
    expect([parsed.verdict, parsed.completeness.verdict]).toEqual(['intact', 'gaps']);
    expect(parsed.completeness.gaps.map((g) => g.kind)).toEqual(['BODY_CUT', 'FILE_EVENTS_OVERFLOW']);
  });

  it('usage errors and unopenable paths exit 2', async () => {
    const io = captureIo();
    expect(await run([], io)).toBe(2);
    expect(io.err).toContain('usage:');
    expect(await run([intact.sessionDir, '--rows', 'x'], captureIo())).toBe(2);
    expect(await run([intact.sessionDir, '--bogus'], captureIo())).toBe(2);
    const missing = captureIo();
    expect(await run([join(root, 'nope')], missing)).toBe(2);
    expect(missing.err).toMatch(/cannot open/);
  });

  it('--all checks every session beneath a folder, one JSON line each, exit 1 if any is damaged', async () => {
    const io = captureIo();
    // With --no-verify-bodies the wrong body hash is not seen (index and file agree): all intact, exit 0.
    expect(await run(['--all', join(root, 'fleet'), '--json', '--no-verify-bodies'], io)).toBe(0);
    const lines = io.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.session.id).sort()).toEqual(['damaged-session', 'intact-session']);
    expect(lines.find((l) => l.session.id === 'intact-session').verdict).toBe('intact');
    expect(lines.find((l) => l.session.id === 'damaged-session').verdict).toBe('intact');
    const verify = captureIo();
    expect(await run(['--all', join(root, 'fleet'), '--json'], verify)).toBe(1);
    const vlines = verify.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(vlines.find((l) => l.session.id === 'damaged-session').verdict).toBe('damaged');
    const only = captureIo();
    expect(await run(['--all', join(root, 'fleet', 'a')], only)).toBe(0);
    expect(only.out).toContain('1 session checked, 0 damaged');
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openHostLedger } from '../../../../src/main/core/host/open-host-ledger.js';
import { toJsonText } from '../../../../src/main/core/host/json.js';
import { BIG_COUNTER, T0, samplePolicyMutations, writeSampleHome } from '../../../fixtures/writer/host/host-sample.js';
import { appendHostEvents } from '../../../fixtures/writer/host/host-writer.js';
import { modifyField } from '../../../fixtures/writer/host/host-mutations.js';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'host-ledger-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

function fingerprint(dir: string): string {
  return readdirSync(dir)
    .sort()
    .map((name) => {
      const st = statSync(join(dir, name));
      return `${name}:${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.mode}:${createHash('sha256')
        .update(readFileSync(join(dir, name)))
        .digest('hex')}`;
    })
    .join('\n');
}

describe('openHostLedger on a sample Capsem home', () => {
  it('builds the session list newest first with status, times, counters and what is on disk', async () => {
    const sample = await writeSampleHome(home);
    const opened = await openHostLedger(sample.hostDbPath, { runDir: sample.runDir });
    if (!opened.ok) throw new Error(opened.error.message);
    const ledger = opened.value;
    expect(ledger.chain).toMatchObject({ intact: true, events: sample.rows.length, breaks: [] });
    expect(ledger.sessions.map((s) => [s.id, s.status, s.createdMs, s.stoppedMs])).toEqual([
      ['s-echo', 'stopped', T0 + 600_000, T0 + 650_000],
      ['s-delta', 'running', T0 + 500_000, null],
      ['s-charlie', 'stopped', T0 + 300_000, T0 + 400_000],
      ['s-bravo', 'crashed', T0 + 100_000, T0 + 200_000],
      ['s-alpha', 'stopped', T0, T0 + 60_000],
    ]);
    const byId = new Map(ledger.sessions.map((s) => [s.id, s]));
    expect(byId.get('s-alpha')!.location).toEqual({
      where: 'sessions',
      dir: join(sample.runDir, 'sessions', 's-alpha'),
      hasSessionDb: true,
    });
    expect(byId.get('s-charlie')!.location?.where).toBe('persistent');
    expect(byId.get('s-bravo')!.location).toBeNull();
    expect(byId.get('s-bravo')!.counters!.net.bytesReceived).toBe(BIG_COUNTER);
    expect(byId.get('s-echo')!.counters).toBeNull();
    expect(byId.get('s-alpha')!.created).toMatchObject({
      ramBytes: 2048 * 2 ** 20,
      scratchDiskSizeGb: 16,
      storageMode: 'virtiofs',
      rootfsVersion: '1.2.3',
    });
    expect(byId.get('s-charlie')!.created!.persistent).toBe(true);
    expect(ledger.service.map((e) => e.kind)).toEqual(['service_started', 'service_stopped']);
    expect(ledger.notes).toEqual([]);
    expect(ledger.policy.present).toBe(true);
    expect(ledger.policy.rows.map((r) => r.status)).toEqual(['applied', 'failed', 'applied', 'applied']);
    expect(ledger.policy.settingsChainBreaks).toEqual([]);
    // JSON-friendly: the counter beyond 2^53 survives as an exact decimal string.
    expect(toJsonText(ledger)).toContain(`"bytesReceived": "${BIG_COUNTER}"`);
  });

  it('never writes to the evidence folder', async () => {
    const sample = await writeSampleHome(home);
    const dir = join(home, 'sessions');
    const before = fingerprint(dir);
    const opened = await openHostLedger(sample.hostDbPath, { runDir: sample.runDir });
    expect(opened.ok).toBe(true);
    expect(fingerprint(dir)).toBe(before);
  });

  it('reports a settings-file chain gap at the applied edit that does not follow on', async () => {
    const policy = samplePolicyMutations();
    policy[3] = { ...policy[3]!, oldHash: `blake3:${'e'.repeat(64)}` };
    const sample = await writeSampleHome(home, undefined, policy);
    const opened = await openHostLedger(sample.hostDbPath, { runDir: sample.runDir });
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.policy.settingsChainBreaks).toEqual([
      expect.objectContaining({ index: 3, id: 4, previousId: 3, expected: policy[2]!.newHash, found: policy[3]!.oldHash }),
    ]);
  });

  it('turns odd events into notes, not crashes: undecodable detail, stop of an unknown session, unsafe id', async () => {
    const sample = await writeSampleHome(home);
    const db = new Database(sample.hostDbPath);
    await appendHostEvents(db, [
      { timestampUnixMs: T0 + 800_000, kind: 'session_stopped', sessionId: 'ghost', detail: { status: 'stopped' } },
      { timestampUnixMs: T0 + 800_001, kind: 'session_created', sessionId: '../escape', detail: new Uint8Array([0xc1]) },
    ]);
    db.close();
    const opened = await openHostLedger(sample.hostDbPath, { runDir: sample.runDir });
    if (!opened.ok) throw new Error(opened.error.message);
    const { notes, sessions, chain } = opened.value;
    expect(chain.intact).toBe(true);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(/\(session_created\) detail: not valid MessagePack.*treated as no detail/);
    expect(notes[1]).toMatch(/session_stopped for ghost, which was never created/);
    expect(sessions[0]).toMatchObject({ id: '../escape', created: null, location: null });
  });

  it('a damaged row is reported in the chain while the list still reads', async () => {
    const sample = await writeSampleHome(home);
    const db = new Database(sample.hostDbPath);
    const expected = modifyField(db, 2, 'actor');
    db.close();
    const opened = await openHostLedger(sample.hostDbPath, { runDir: sample.runDir });
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.chain.breaks.map((b) => ({ index: b.index, id: b.id, kind: b.kind }))).toEqual(expected);
    expect(opened.value.sessions).toHaveLength(5);
  });

  it('fails with a code and the path for a missing file, a non-SQLite file and a foreign database', async () => {
    const missing = await openHostLedger(join(home, 'nope.db'), { runDir: home });
    expect(missing.ok ? null : missing.error.code).toBe('NOT_FOUND');
    const junk = join(home, 'junk.db');
    writeFileSync(junk, 'x'.repeat(200));
    const notSqlite = await openHostLedger(junk, { runDir: home });
    expect(notSqlite.ok ? null : notSqlite.error.code).toBe('NOT_A_LEDGER');
    const foreign = join(home, 'foreign.db');
    const db = new Database(foreign);
    db.exec('CREATE TABLE t (x)');
    db.close();
    const wrong = await openHostLedger(foreign, { runDir: home });
    expect(wrong.ok ? null : wrong.error).toEqual({
      code: 'SCHEMA_UNEXPECTED',
      message: `${foreign} has no host_events table: not a host ledger`,
    });
  });
});

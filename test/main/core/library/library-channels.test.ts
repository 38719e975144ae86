// The library.* channels through the service's handler table (guards included), on a Capsem home whose
// on-disk sessions hold real ledgers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompareView, LibrarySummary } from '../../../../src/shared/contract/library.js';
import { alignRows, compareRefText, parseCompareRef } from '../../../../src/shared/contract/library.js';
import type { InspectorService } from '../../../../src/main/core/service/service.js';
import { createInspectorService } from '../../../../src/main/core/service/service.js';
import { EvidenceRegistry } from '../../../../src/main/core/service/registry.js';
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { LibraryHome } from './library-home.js';
import { writeLibraryHome } from './library-home.js';

let root: string;
let home: LibraryHome;
let service: InspectorService;
let lib: LibrarySummary;
let one: WrittenLedger;
let two: WrittenLedger;

const ok = <T>(r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'capsem-library-ch-'));
  home = await writeLibraryHome(join(root, 'home'));
  [one, two] = await Promise.all([
    writeLedger(join(root, 'one'), { generation: 'A4', seed: 21, sessionId: '20260302-150000-one1' }),
    writeLedger(join(root, 'two'), { generation: 'A4', seed: 22, sessionId: '20260302-150000-two2' }),
  ]);
  service = createInspectorService({
    registry: new EvidenceRegistry({ sampleDir: null, openOptions: { scratchRoot: root } }),
    saveBody: () => ({ kind: 'cancelled' }),
    integrityReport: () => {
      throw new Error('not used here');
    },
  });
  lib = ok((await service.library.openIfLibrary([home.home]))!);
});
afterAll(() => {
  service?.dispose();
  rmSync(root, { recursive: true, force: true });
});

const section = (v: CompareView, id: string) => v.sections.find((s) => s.id === id)!;
const row = (v: CompareView, id: string, key: string) => section(v, id).rows.find((r) => r.key === key);

describe('library channels', () => {
  it('library.list and library.view answer with the opened home', async () => {
    expect(ok(await service.handle('library.list', null))).toEqual([lib]);
    const v = ok(await service.handle('library.view', { libraryId: lib.id }));
    expect(v.sessions.map((s) => s.id)).toEqual(['s-echo', 's-delta', 's-charlie', 's-bravo', 's-alpha']);
    expect((await service.handle('library.view', { libraryId: 'lib-nope' })).ok).toBe(false);
  });

  it('opens a session still on disk by id, from run/sessions and run/persistent, and returns the same evidence twice', async () => {
    const a = ok(await service.handle('library.openSession', { libraryId: lib.id, sessionId: 's-alpha' }));
    expect(a).toMatchObject({ sessionId: 's-alpha', generation: 'A4' });
    expect(ok(await service.handle('library.openSession', { libraryId: lib.id, sessionId: 's-alpha' })).id).toBe(a.id);
    const c = ok(await service.handle('library.openSession', { libraryId: lib.id, sessionId: 's-charlie' }));
    expect(c).toMatchObject({ sessionId: 's-charlie', generation: 'A3' });
    const tables = ok(await service.handle('tables.list', { evidenceId: a.id }));
    expect(Object.fromEntries(tables.map((t) => [t.name, t.rowCount]))).toMatchObject(home.alpha.rowCounts);
  });

  it('refuses sessions that are gone, unknown, not ledgers, or named like paths', async () => {
    const gone = await service.handle('library.openSession', { libraryId: lib.id, sessionId: 's-bravo' });
    expect(!gone.ok && gone.error.code).toBe('NOT_FOUND');
    const unknown = await service.handle('library.openSession', { libraryId: lib.id, sessionId: 's-zulu' });
    expect(!unknown.ok && unknown.error.code).toBe('NOT_FOUND');
    const placeholder = await service.handle('library.openSession', { libraryId: lib.id, sessionId: 's-delta' });
    expect(placeholder.ok).toBe(false);
    for (const sessionId of ['../s-alpha', 'a/b', '']) {
      const r = await service.handle('library.openSession', { libraryId: lib.id, sessionId });
      expect(!r.ok && r.error.code).toBe('BAD_REQUEST');
    }
    const withPath = await service.handle('library.openSession', { libraryId: lib.id, sessionId: 's-alpha', path: '/etc' });
    expect(!withPath.ok && withPath.error.code).toBe('BAD_REQUEST');
  });

  it('compares two library sessions: host counters exact, differences flagged, unknown sections explained', async () => {
    const v = ok(
      await service.handle('library.compare', {
        a: { kind: 'library', libraryId: lib.id, sessionId: 's-alpha' },
        b: { kind: 'library', libraryId: lib.id, sessionId: 's-bravo' },
      }),
    );
    expect(v.a).toMatchObject({ sessionId: 's-alpha', countersFrom: 'host-ledger', status: 'stopped' });
    expect(v.a.evidenceId).not.toBeNull();
    expect(v.b).toMatchObject({ sessionId: 's-bravo', countersFrom: 'host-ledger', status: 'crashed', evidenceId: null });
    expect(row(v, 'counters', 'net.total')).toEqual({ key: 'net.total', a: '10', b: '0', differs: true });
    expect(row(v, 'counters', 'net.bytes_received')).toEqual({
      key: 'net.bytes_received',
      a: '4096',
      b: '1152921504606859321',
      differs: true,
    });
    expect(row(v, 'counters', 'exec.started')).toEqual({ key: 'exec.started', a: '2', b: '0', differs: true });
    expect(row(v, 'counters', 'net.error')?.differs).toBe(true);
    expect(row(v, 'counters', 'security.open_asks')).toMatchObject({ a: '1', b: '0' });
    expect(row(v, 'counters', 'model.cost_usd')).toMatchObject({ a: '$0.012340', b: '$0.000000' });
    expect(row(v, 'counters', 'files.overflow')).toMatchObject({ a: '2', b: '0', differs: true });
    expect(row(v, 'models', 'anthropic · claude-x')).toEqual({
      key: 'anthropic · claude-x',
      a: '3 calls · 1,000 in · 200 out · $0.012340',
      b: null,
      differs: true,
    });
    expect(row(v, 'tools', 'bash')).toMatchObject({ a: '2', b: null, differs: true });
    // s-bravo's ledger is gone: its tables and domains are unknown, not zero, and not flagged.
    expect(section(v, 'tables').unknownA).toBeNull();
    expect(section(v, 'tables').unknownB).toMatch(/no longer on disk/);
    expect(section(v, 'tables').rows.every((r) => r.b === null && !r.differs)).toBe(true);
    expect(Object.fromEntries(section(v, 'tables').rows.map((r) => [r.key, Number(r.a)]))).toMatchObject(home.alpha.rowCounts);
    expect(section(v, 'domains').rows.length).toBeGreaterThan(0);
    expect(v.b.notes.join(' ')).toMatch(/no longer on disk/);
  });

  it('compares a session against itself with nothing flagged', async () => {
    const ref = { kind: 'library' as const, libraryId: lib.id, sessionId: 's-alpha' };
    const v = ok(await service.handle('library.compare', { a: ref, b: ref }));
    for (const s of v.sections) expect(s.rows.filter((r) => r.differs)).toEqual([]);
  });

  it('notes a library session whose session.db is not a ledger, and still compares its counters', async () => {
    const v = ok(
      await service.handle('library.compare', {
        a: { kind: 'library', libraryId: lib.id, sessionId: 's-delta' },
        b: { kind: 'library', libraryId: lib.id, sessionId: 's-charlie' },
      }),
    );
    expect(v.a.notes.join(' ')).toMatch(/could not be opened/);
    expect(v.a.countersFrom).toBeNull(); // s-delta never stopped
    expect(section(v, 'counters').unknownA).toMatch(/no final counters/);
    expect(v.b.countersFrom).toBe('host-ledger');
    expect(row(v, 'counters', 'model.input_tokens')).toMatchObject({ a: null, b: '40000', differs: false });
  });

  it("compares two opened ledgers: row counts as written, the ledgers' own counters, tools and domains", async () => {
    const ea = ok(await service.openPaths([one.sessionDir]));
    const eb = ok(await service.openPaths([two.sessionDir]));
    const v = ok(
      await service.handle('library.compare', { a: { kind: 'evidence', evidenceId: ea.id }, b: { kind: 'evidence', evidenceId: eb.id } }),
    );
    expect(v.a).toMatchObject({ sessionId: one.sessionId, evidenceId: ea.id, countersFrom: 'session-ledger' });
    const tables = section(v, 'tables');
    for (const [t, n] of Object.entries(one.rowCounts)) expect(tables.rows.find((r) => r.key === t)?.a).toBe(String(n));
    for (const [t, n] of Object.entries(two.rowCounts)) expect(tables.rows.find((r) => r.key === t)?.b).toBe(String(n));
    for (const r of tables.rows) expect(r.differs).toBe(r.a !== r.b);
    expect(row(v, 'counters', 'net.total')?.a).toBe(String(one.rowCounts.net_events));
    expect(section(v, 'domains').unknownA).toBeNull();
    expect(section(v, 'tools').unknownA).toBeNull();
  });

  it('refuses a compare ref of an unknown kind or with extra fields', async () => {
    const r1 = await service.handle('library.compare', { a: { kind: 'path', path: '/etc' }, b: { kind: 'evidence', evidenceId: 'x' } });
    expect(!r1.ok && r1.error.code).toBe('BAD_REQUEST');
    const r2 = await service.handle('library.compare', {
      a: { kind: 'evidence', evidenceId: 'x', path: '/' },
      b: { kind: 'evidence', evidenceId: 'x' },
    });
    expect(!r2.ok && r2.error.code).toBe('BAD_REQUEST');
  });
});

describe('alignRows and compare refs', () => {
  it('lines keys up, fills sparse keys, leaves unknown sides unflagged', () => {
    const a = new Map([
      ['x', '1'],
      ['y', '2'],
    ]);
    const b = new Map([
      ['y', '3'],
      ['z', '4'],
    ]);
    expect(alignRows(a, b, '0')).toEqual([
      { key: 'x', a: '1', b: '0', differs: true },
      { key: 'y', a: '2', b: '3', differs: true },
      { key: 'z', a: '0', b: '4', differs: true },
    ]);
    expect(alignRows(a, null)).toEqual([
      { key: 'x', a: '1', b: null, differs: false },
      { key: 'y', a: '2', b: null, differs: false },
    ]);
    expect(alignRows(a, new Map(a)).some((r) => r.differs)).toBe(false);
  });

  it('round-trips compare refs through route text, session ids with dots included', () => {
    for (const r of [
      { kind: 'evidence', evidenceId: 'ab-12' },
      { kind: 'library', libraryId: 'lib-1', sessionId: 'my.session.v2' },
    ] as const) {
      expect(parseCompareRef(compareRefText(r))).toEqual(r);
    }
    expect(parseCompareRef('x.y')).toBeNull();
    expect(parseCompareRef('e.a/b')).toBeNull();
  });
});

// The library.hunt.* channels through the service's handler table (guards included) on a Capsem home with three
// sessions on disk and two gone: the hits, damaged bodies and missing sessions equal what `capsem-inspect hunt
// --json` says for the same indicators, a cancel stops the hunt, and nothing is written into the home.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run as cliHunt } from '../../../../src/cli/commands/hunt.js';
import { captureIo } from '../../../../src/cli/io.js';
import type { InspectorService } from '../../../../src/main/core/service/service.js';
import { createInspectorService } from '../../../../src/main/core/service/service.js';
import { EvidenceRegistry } from '../../../../src/main/core/service/registry.js';
import type { HuntIndicatorArg, HuntResults } from '../../../../src/shared/contract/hunt.js';
import type { LibrarySummary } from '../../../../src/shared/contract/library.js';
import { snapshotFolder } from '../../../hostile/lib/folder-snapshot.js';
import { NEEDLE, writeHuntHome } from './hunt-home.js';

let root: string;
let home: string;
let service: InspectorService;
let lib: LibrarySummary;
let before: ReturnType<typeof snapshotFolder>;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'capsem-hunt-ch-'));
  home = join(root, 'home');
  await writeHuntHome(home);
  before = snapshotFolder(home);
  service = createInspectorService({
    registry: new EvidenceRegistry({ sampleDir: null, openOptions: { scratchRoot: root } }),
    saveBody: () => ({ kind: 'cancelled' }),
    integrityReport: () => {
      throw new Error('not used here');
    },
  });
  const opened = await service.library.openIfLibrary([home]);
  if (!opened?.ok) throw new Error('the home did not open as a library');
  lib = opened.value;
});
afterAll(() => {
  service?.dispose();
  rmSync(root, { recursive: true, force: true });
});

type Line = Record<string, unknown> & { type: string };

async function cliLines(args: string[]): Promise<Line[]> {
  const io = captureIo();
  await cliHunt([home, ...args, '--json'], io);
  return io.out
    .trimEnd()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);
}

/** Resolves with the hunt's results once hunt.changed says it is done (heard, never polled). */
async function huntToEnd(indicators: HuntIndicatorArg[], cancelAt?: 'start'): Promise<HuntResults> {
  let runId: string | null = null;
  const heard: string[] = [];
  const ended = new Promise<HuntResults>((resolve) => {
    const off = service.onEvent((e) => {
      if (e.name !== 'hunt.changed') return;
      heard.push(e.payload.runId);
      if (runId === null || e.payload.runId !== runId) return;
      void service.handle('library.hunt.results', { runId }).then((r) => {
        if (r.ok && r.value.done) {
          off();
          resolve(r.value);
        }
      });
    });
  });
  const started = await service.handle('library.hunt.start', { libraryId: lib.id, indicators });
  if (!started.ok) throw new Error(`${started.error.code}: ${started.error.message}`);
  runId = started.value.runId;
  if (cancelAt === 'start') await service.handle('library.hunt.cancel', { runId });
  // The hunt may have ended before its id was known here: ask once, as the view does on start.
  const now = await service.handle('library.hunt.results', { runId });
  if (now.ok && now.value.done) return now.value;
  return ended;
}

const place = (p: object): string => placeOf(p as Record<string, unknown>);
const placeOf = (p: Record<string, unknown>): string =>
  [p.session, p.indicator, p.in, p.eventId, p.table, p.direction ?? p.column, p.rowid ?? '', p.offset ?? ''].map(String).join(' ');

describe('library.hunt.* argument guards', () => {
  const start = (arg: unknown) => service.handle('library.hunt.start', arg);
  it('refuses a malformed request as BAD_REQUEST naming the field', async () => {
    for (const arg of [
      { libraryId: lib.id, indicators: [] },
      { libraryId: lib.id, indicators: [{ kind: 'nope', value: 'x' }] },
      { libraryId: lib.id, indicators: [{ kind: 'fixed', value: 'x', extra: 1 }] },
      { libraryId: lib.id, indicators: [{ kind: 'ip', value: '10.0.0.0/99' }] },
      { libraryId: lib.id, indicators: [{ kind: 'domain', value: 'a/b' }] },
      { libraryId: lib.id, indicators: [{ kind: 'body-hash', value: 'abc' }] },
      { libraryId: lib.id, indicators: [{ kind: 'domain', value: 'x.example', ignoreCase: true }] },
      { libraryId: lib.id, indicators: [{ kind: 'fixed', value: 'x' }], since: 'yesterday' },
      { libraryId: lib.id, indicators: [{ kind: 'fixed', value: 'x' }], since: '2026-03-03', until: '2026-03-02' },
      { libraryId: 'lib-unknown', indicators: [{ kind: 'fixed', value: 'x' }] },
    ]) {
      const r = await start(arg);
      expect(r.ok ? 'ok' : r.error.code, JSON.stringify(arg)).toBe('BAD_REQUEST');
    }
    const results = await service.handle('library.hunt.results', { runId: 'x/../y' });
    expect(results.ok ? 'ok' : results.error.code).toBe('BAD_REQUEST');
  });

  it('compiles every pattern and glob before any session opens: BAD_PATTERN', async () => {
    for (const indicators of [
      [{ kind: 'regex', value: '(a' }],
      [{ kind: 'regex', value: '(a)\\1' }],
      [{ kind: 'path', value: '/tmp/\\' }],
    ]) {
      const r = await start({ libraryId: lib.id, indicators });
      expect(r.ok ? 'ok' : r.error.code, JSON.stringify(indicators)).toBe('BAD_PATTERN');
    }
  });

  it('answers NOT_FOUND for a run id it never gave', async () => {
    const r = await service.handle('library.hunt.results', { runId: 'hunt-none' });
    expect(r.ok ? 'ok' : r.error.code).toBe('NOT_FOUND');
  });
});

describe('library.hunt as a job', () => {
  it('finds what the CLI hunt --json finds: hits per session, damaged bodies, missing sessions', async () => {
    const got = await huntToEnd([
      { kind: 'fixed', value: NEEDLE },
      { kind: 'domain', value: 'example.com' },
    ]);
    const cli = await cliLines(['-F', NEEDLE, '--domain', 'example.com']);
    expect(got.skipped.filter((s) => s.why !== 'missing')).toEqual([]);
    expect(got.error).toBeNull();
    expect(got.sessionsDone).toBe(got.sessionsTotal);
    expect(got.sessionsTotal).toBe(5);
    expect(got.hits.map(place).sort()).toEqual(
      cli
        .filter((l) => l.type === 'hit')
        .map(place)
        .sort(),
    );
    expect(got.hits.length).toBeGreaterThan(10);
    expect(new Set(got.hits.filter((h) => h.kind === 'fixed').map((h) => h.session))).toEqual(new Set(['s-alpha', 's-delta']));
    const damaged = (o: object): string => {
      const d = o as Record<string, unknown>;
      return [d.session, d.eventId, d.table, d.direction, d.code].map(String).join(' ');
    };
    expect(got.damaged.map(damaged).sort()).toEqual(
      cli
        .filter((l) => l.type === 'damaged')
        .map(damaged)
        .sort(),
    );
    expect(got.damaged.length).toBeGreaterThan(0);
    expect(got.damaged.every((d) => d.session === 's-delta')).toBe(true);
    const missing = got.skipped.filter((s) => s.why === 'missing');
    expect(missing.map((s) => s.session).sort()).toEqual(['s-bravo', 's-echo']);
    expect(missing.map((s) => `${s.session} ${s.reason}`).sort()).toEqual(
      cli
        .filter((l) => l.type === 'missing')
        .map((l) => `${String(l.session)} ${String(l.reason)}`)
        .sort(),
    );
    // Hits are never in a damaged body.
    for (const d of got.damaged)
      expect(
        got.hits.some(
          (h) =>
            h.session === d.session && h.eventId === d.eventId && h.in === 'body' && h.table === d.table && h.direction === d.direction,
        ),
      ).toBe(false);
    expect(got.capped).toBe(false);
  });

  it('reads on from an offset', async () => {
    const all = await huntToEnd([{ kind: 'fixed', value: NEEDLE }]);
    const r = await service.handle('library.hunt.results', { runId: all.runId, offset: 5 });
    expect(r.ok && r.value.hits).toEqual(all.hits.slice(5));
    expect(r.ok && r.value.hitCount).toBe(all.hitCount);
  });

  it('stops when cancelled', async () => {
    const got = await huntToEnd([{ kind: 'fixed', value: NEEDLE }, { kind: 'secrets' }], 'start');
    expect(got.done).toBe(true);
    expect(got.cancelled).toBe(true);
    expect(got.sessionsDone).toBeLessThan(got.sessionsTotal);
  });

  it('writes nothing into the Capsem home', () => {
    expect(snapshotFolder(home)).toEqual(before);
  });
});

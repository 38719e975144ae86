// The desktop app as built: electron-vite's bundle (out/main, out/preload, out/renderer) runs under Node with the
// Electron stand-in (stand-in/), its windows in Chromium. The user's three flows end to end: a session folder opened
// as a double-click opens it (argv, open-file before and after ready, a second instance), an evidence pair dropped
// on a window, and File > Export WARC answered by a save dialog; and the refusals a user can meet. What this catches
// that tests of the sources cannot: the bundle's paths to its workers, native addons and the SQL child, the app
// protocol serving the built renderer, and the preload's build running sandboxed.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLedger } from '../../fixtures/writer/ledger-writer.js';
import type { WrittenLedger } from '../../fixtures/writer/ledger-writer.js';
import { readWarc } from '../core/warc/read-warc.js';
import { BuiltApp } from './stand-in/control.js';
import { buildPackagedLayout, fusesOf } from './stand-in/packaged-layout.js';
import { builderConfig } from '../../../electron-builder.js';
import type { AppState } from './stand-in/control.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const BUNDLE = join(ROOT, 'out', 'main', 'index.js');
const PRODUCT = 'Capsem Ledger Inspector';
const work = mkdtempSync(join(tmpdir(), 'capsem-built-app-'));
const apps: BuiltApp[] = [];
let ledgers: WrittenLedger[] = [];

function launch(o: Omit<Parameters<typeof BuiltApp.launch>[0], 'bundle'> & { bundle?: string }): BuiltApp {
  const app = BuiltApp.launch({ bundle: BUNDLE, ...o });
  apps.push(app);
  return app;
}

const titled = (s: AppState, sessionId: string) =>
  s.windows.find((w) => w.title === `${sessionId} — ${PRODUCT}` && w.shown && w.url.includes('/overview'));
const listing = (dir: string): string[] => readdirSync(dir, { recursive: true }).map(String).sort();

beforeAll(async () => {
  // The bundle under test is built here, as `npm run package` builds it (production, so React's production build).
  execFileSync(process.execPath, [join(ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  ledgers = [];
  for (let i = 0; i < 4; i++)
    ledgers.push(
      await writeLedger(join(work, `evidence-${i}`), {
        generation: 'A4',
        seed: 40 + i,
        sessionId: `20260302-145040-00${i}a`,
        wal: i === 3 ? 'no-shm' : false,
      }),
    );
});

afterAll(async () => {
  await Promise.all(apps.map((a) => a.quit().catch(() => a.kill())));
  rmSync(work, { recursive: true, force: true });
});

describe('the built desktop app under the Electron stand-in', () => {
  it('opens session folders as a double-click gives them: argv, open-file before and after ready, a second instance', async () => {
    const [first, beforeReady, afterReady, handedOver] = ledgers as [WrittenLedger, WrittenLedger, WrittenLedger, WrittenLedger];
    const userData = join(work, 'user-data-launch');
    const app = launch({ args: ['--', first.sessionDir], userData, openFilesBeforeReady: [beforeReady.sessionDir] });
    let s = await app.until('the argv and open-file windows', (x) =>
      Boolean(titled(x, first.sessionId) && titled(x, beforeReady.sessionId)),
    );
    expect(s.windows).toHaveLength(2);
    expect(s.sandbox).toBe(true);
    expect(s.privileged).toEqual(['capsem-app']);
    const win = titled(s, first.sessionId)!;
    // The built renderer, served by the app protocol, rendered the overview through the built preload.
    await app.call({ op: 'waitText', window: win.id, text: 'GENERATION' });
    expect(await app.call<string>({ op: 'text', window: win.id })).toContain(first.sessionId);
    // Verification is part of opening: the built glue starts it with no click, in the bundle's verify worker, and the
    // verdict the window asks for (integrity.verdict, through the built preload) goes from checking to INTACT.
    const evidenceId = /#\/e\/([^/]+)\//.exec(win.url)![1]!;
    const verdictOf = () =>
      app.call<{ ok: boolean; value: { verdict: string; bodies: Record<string, unknown> } }>({
        op: 'bridge',
        window: win.id,
        channel: 'integrity.verdict',
        arg: { evidenceId },
      });
    let verdict = await verdictOf();
    while (verdict.ok && verdict.value.verdict === 'checking') verdict = await verdictOf();
    expect(verdict.value.verdict).toBe('intact');
    expect(verdict.value.bodies).toMatchObject({ state: 'done', total: first.bodies.length, verified: first.bodies.length, failed: 0 });
    s = await app.state();
    expect(s.workers).toContain(join(ROOT, 'out', 'main', 'verify-worker.js'));
    expect(s.sent).toContain('job.done');
    // The header says so, as the user sees it (its badge is upper-cased by the style sheet).
    await app.call({ op: 'waitText', window: win.id, text: 'INTACT' });

    await app.call({ op: 'openFile', path: afterReady.sessionDir });
    s = await app.until('the open-file window', (x) => Boolean(titled(x, afterReady.sessionId)));
    expect(s.windows).toHaveLength(3);

    // A second launch hands its path over and quits; the first instance opens it.
    const second = launch({ args: ['--', handedOver.sessionDir], userData });
    expect(await second.exited).toBe(0);
    s = await app.until('the handed-over window', (x) => Boolean(titled(x, handedOver.sessionId)));
    expect(s.windows).toHaveLength(4);
    // Opening a session already shown focuses its window instead of opening another.
    expect(s.focused).not.toBe(win.id);
    await app.call({ op: 'openFile', path: first.sessionDir });
    s = await app.until('its window focused', (x) => x.focused === win.id);
    expect(s.windows).toHaveLength(4);
    expect(await app.quit(), app.stderr).toBe(0);
  });

  it('opens an evidence pair with its -wal dropped on the window, and refuses a dropped folder that is not a ledger', async () => {
    const pair = ledgers[3]!;
    const app = launch({ userData: join(work, 'user-data-drop') });
    let s = await app.until('the start window', (x) => x.windows.length === 1 && x.windows[0]!.shown && x.windows[0]!.title === PRODUCT);
    const start = s.windows[0]!;
    await app.call({ op: 'waitText', window: start.id, text: 'Open' });
    const dropped = [pair.dbPath, `${pair.dbPath}-wal`, pair.bodiesPath];
    expect(dropped.every((p) => existsSync(p))).toBe(true);
    await app.call({ op: 'drop', window: start.id, paths: dropped });
    s = await app.until('the dropped session in the start window', (x) => Boolean(titled(x, pair.sessionId)));
    expect(s.windows).toHaveLength(1); // the empty start window was reused
    // Main names the window before its page has loaded the session: the next drop waits for the overview to be drawn,
    // or it is sent to the start page as it goes away and never arrives.
    await app.call({ op: 'waitText', window: start.id, text: 'Rows per table' });
    expect(s.ipcCalls.filter((c) => c.channel === 'desktop.openDropped')).toEqual([
      { channel: 'desktop.openDropped', fromMainFrame: true },
    ]);
    // Rows that exist only in session.db-wal are there: the -wal was opened with its database.
    const summary = await app.call<{ ok: boolean; value: { sessionId: string }[] }>({
      op: 'bridge',
      window: start.id,
      channel: 'evidence.list',
      arg: null,
    });
    expect(summary.value.map((e) => e.sessionId)).toEqual([pair.sessionId]);

    const notALedger = join(work, 'holiday-photos');
    mkdirSync(notALedger);
    writeFileSync(join(notALedger, 'notes.txt'), 'not a ledger');
    await app.call({ op: 'drop', window: start.id, paths: [notALedger] });
    s = await app.until('the refusal', (x) => x.messages.length > 0);
    expect(s.messages[0]!.message).toMatch(/^Could not open one item dropped on the window/);
    expect(s.messages[0]!.detail).toMatch(/NOT_A_LEDGER/);
    expect(listing(notALedger)).toEqual(['notes.txt']);
    expect(await app.quit(), app.stderr).toBe(0);
  });

  it('exports a complete, verified WARC from the menu into the saved path; verifies and queries off the main thread', async () => {
    const session = ledgers[0]!;
    const before = listing(session.sessionDir);
    const app = launch({ args: ['--', session.sessionDir], userData: join(work, 'user-data-export') });
    let s = await app.until('the session window', (x) => Boolean(titled(x, session.sessionId)));
    const win = titled(s, session.sessionId)!;

    // Refused: the evidence folder is never written into.
    await app.call({ op: 'answerSave', path: join(session.sessionDir, 'inside.warc.gz') });
    await app.call({ op: 'menu', ids: ['file', 'export-warc'] });
    s = await app.until('the refusal', (x) => x.messages.length === 1);
    expect(s.messages[0]).toMatchObject({ type: 'error', message: 'Export refused' });

    const out = join(work, 'exports');
    mkdirSync(out);
    await app.call({ op: 'answerSave', path: join(out, 'session') });
    await app.until('the export item enabled again', (x) => x.saveDialogs.length === 1);
    await app.call({ op: 'menu', ids: ['file', 'export-warc'] });
    s = await app.until('the export notice', (x) => x.messages.length === 2);
    const notice = s.messages[1]!;
    expect(notice.message, notice.detail).toBe('WARC export written');
    const file = join(out, 'session.warc.gz');
    expect(notice.detail).toContain(file);
    expect(s.saveDialogs.map((d) => d.title)).toEqual(['Export WARC', 'Export WARC']);
    expect(s.workers).toContain(join(ROOT, 'out', 'main', 'export-worker.js'));
    // Complete: warcio reads every record back, the file's digest is the one the notice names.
    const records = await readWarc(file);
    expect(records[0]!.header('WARC-Type')).toBe('warcinfo');
    const resources = records.filter((r) => r.header('WARC-Type') === 'resource');
    expect(notice.detail).toContain(`${resources.length} records`);
    expect(resources.length).toBeGreaterThan(0);
    expect(notice.detail).toContain(`SHA-256 ${createHash('sha256').update(readFileSync(file)).digest('hex')}`);
    expect(s.windows.find((w) => w.id === win.id)!.progress.at(-1)).toBe(-1);

    // File > Verify All Bodies runs in the bundle's verify worker and reports to the window, whose Integrity view
    // follows it (the view follows the session's latest verification wherever it was started); then the view's own
    // button, whose result the view shows.
    await app.call({ op: 'menu', ids: ['file', 'verify-all'] });
    await app.until('the verification done', (x) => x.sent.includes('job.done'));
    await app.call({ op: 'waitText', window: win.id, text: `${session.bodies.length} of ${session.bodies.length} bodies verified` });
    expect((await app.state()).workers).toContain(join(ROOT, 'out', 'main', 'verify-worker.js'));
    await app.call({ op: 'click', window: win.id, button: 'Verify all bodies' });
    await app.call({ op: 'waitText', window: win.id, text: `${session.bodies.length} verified · 0 failed · 0 unreadable` });

    // The SQL console's child is the bundle's sql-child.js in a utility process.
    const evidenceId = /#\/e\/([^/]+)\//.exec(win.url)![1]!;
    const sql = await app.call<{ ok: boolean; value: { rows: unknown[][] } }>({
      op: 'bridge',
      window: win.id,
      channel: 'sql.run',
      arg: { evidenceId, runId: 'r1', sql: 'SELECT COUNT(*) FROM event_body_blobs' },
    });
    expect(sql.ok).toBe(true);
    expect(sql.value.rows).toEqual([[session.bodies.length]]);
    expect((await app.state()).forks).toEqual([join(ROOT, 'out', 'main', 'sql-child.js')]);
    expect(await app.quit(), app.stderr).toBe(0);
    expect(listing(session.sessionDir)).toEqual(before);
  });

  it('runs from the layout electron-builder packs: app.asar with its unpacked parts, fuses set', async () => {
    const layout = buildPackagedLayout(ROOT, join(work, 'packaged'));
    // electron-builder applied electron-builder.ts's fuses to the binary it shipped (order: @electron/fuses' wire).
    const f = builderConfig.electronFuses;
    const expected = [
      f.runAsNode,
      f.enableCookieEncryption,
      f.enableNodeOptionsEnvironmentVariable,
      f.enableNodeCliInspectArguments,
      f.enableEmbeddedAsarIntegrityValidation,
      f.onlyLoadAppFromAsar,
      f.loadBrowserProcessSpecificV8Snapshot,
      f.grantFileProtocolExtraPrivileges,
    ];
    expect(await fusesOf(layout.binary)).toEqual(expected.map((on) => (on ? '1' : '0')));
    // In the archive: the bundle and its workers; every native addon and the sample unpacked beside it; no sources.
    const at = (path: string) => layout.entries.find((e) => e.path === path);
    for (const p of [
      '/out/main/index.js',
      '/out/main/verify-worker.js',
      '/out/main/export-worker.js',
      '/out/main/sql-child.js',
      '/out/preload/index.cjs',
      '/out/renderer/index.html',
    ])
      expect(at(p), p).toMatchObject({ unpacked: false });
    const addons = layout.entries.filter((e) => e.path.endsWith('.node'));
    expect(addons.map((e) => e.path)).toEqual(
      expect.arrayContaining([
        '/node_modules/better-sqlite3/build/Release/better_sqlite3.node',
        '/node_modules/zstd-napi/build/Release/binding.node',
        '/node_modules/capsem-blake3/build/Release/capsem_blake3.node',
      ]),
    );
    expect(addons.filter((e) => !e.unpacked)).toEqual([]);
    expect(
      layout.entries.filter((e) => e.path.startsWith('/resources/sample/') && e.path.endsWith('/session.db')).map((e) => e.unpacked),
    ).toEqual([true]);
    expect(
      layout.entries.filter(
        (e) => /^\/(src|test|scripts)\//.test(e.path) || /^\/node_modules\/(react|electron|vitest|playwright-core)\//.test(e.path),
      ),
    ).toEqual([]);

    // Run as packaged: argv is [binary, ...paths], the sample comes from app.asar.unpacked, workers from app.asar.
    const session = ledgers[1]!;
    const bundle = join(layout.runResources, 'app.asar', 'out', 'main', 'index.js');
    const app = launch({ bundle, args: [session.sessionDir], userData: join(work, 'user-data-packaged'), resources: layout.runResources });
    await app.until('the argv window', (x) => Boolean(titled(x, session.sessionId)));
    await app.call({ op: 'menu', ids: ['file', 'open-sample'] });
    const sampleId = readdirSync(join(layout.runResources, 'app.asar.unpacked', 'resources', 'sample'))[0]!;
    const s = await app.until('the sample window', (x) => Boolean(titled(x, sampleId)));
    const win = titled(s, sampleId)!;
    await app.call({ op: 'menu', ids: ['view', 'view-integrity'] });
    await app.call({ op: 'click', window: win.id, button: 'Verify all bodies' });
    await app.call({ op: 'waitText', window: win.id, text: ' verified · 0 failed · 0 unreadable' });
    const { workers } = await app.state();
    expect(workers, workers.join('\n')).toContain(join(layout.runResources, 'app.asar', 'out', 'main', 'verify-worker.js'));
    expect(await app.quit(), app.stderr).toBe(0);
  });
});

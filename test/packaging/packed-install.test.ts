// The CLI as a user installs it: `npm pack` of this working tree, `npm install -g` of the tarball into a throwaway
// prefix (the npm registry the only source, its cache reused), then every kind of command from the installed
// `capsem-inspect`, run outside the repository. Tests of the sources cannot see a file missing from the tarball, a
// dependency that is only a devDependency, or a native addon that does not build once installed elsewhere.
//
// The tree is packed from a copy (git's files, node_modules linked), so the build `npm pack` runs (prepare) never
// rewrites build/ under the other tests' feet.
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './source-files.js';
import { readWarc } from '../main/core/warc/read-warc.js';

const work = mkdtempSync(join(tmpdir(), 'capsem-packed-'));
const stage = join(work, 'stage');
const prefix = join(work, 'prefix');
const out = join(work, 'out');
const installed = join(prefix, 'lib', 'node_modules', 'capsem-ledger-inspector');
const command = join(prefix, 'bin', 'capsem-inspect');
let tarball = '';
let packed: string[] = [];
let sample = '';

/** npm without the repository's own configuration or a test's variables leaking into what it installs. */
function npmEnv(): NodeJS.ProcessEnv {
  const { CAPSEM_INSPECT_FROM_SOURCE: _a, NODE_OPTIONS: _b, ...env } = process.env;
  // prebuild-install would try to download prebuilt addons from a host other than the registry (unreachable
  // here, minutes of retries); native addons build from source, as a clean machine without that host must.
  return {
    ...env,
    npm_config_build_from_source: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
}

function npm(args: string[], cwd: string): string {
  const r = spawnSync('npm', args, { cwd, env: npmEnv(), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`npm ${args.join(' ')} failed (${r.status}):\n${r.stderr.slice(-4000)}`);
  return r.stdout;
}

/** Runs the installed command from a folder outside the repository. */
function cli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(command, args, { cwd: work, env: npmEnv(), encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

// Compiling the addons takes a core for a minute or two; run inside the suite it starves the tests beside it, serve's
// background host (which lowers its scheduling group to nice 10) most of all. So .ci/run runs this file on its own, before npm test,
// with CAPSEM_PACKED_INSTALL=1; in npm test it is skipped. Locally: CAPSEM_PACKED_INSTALL=1 npx vitest run <this file>.
const enabled = process.env.CAPSEM_PACKED_INSTALL === '1';

beforeAll(() => {
  if (!enabled) return;
  const files = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .stdout.split('\0')
    .filter(Boolean);
  for (const f of files) {
    if (!existsSync(join(ROOT, f))) continue; // deleted in the working tree, not yet committed
    mkdirSync(dirname(join(stage, f)), { recursive: true });
    copyFileSync(join(ROOT, f), join(stage, f));
  }
  // node_modules: links to the repository's packages, except what the tarball bundles, which must be inside the
  // packed tree for npm to take it (the BLAKE3 binding, linked to the staged native/blake3 as npm links it, and the
  // package whose C sources it compiles).
  mkdirSync(join(stage, 'node_modules'));
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (name === 'capsem-blake3') symlinkSync(join('..', 'native', 'blake3'), join(stage, 'node_modules', name), 'dir');
    else if (name === '@c4312') cpSync(join(ROOT, 'node_modules', name), join(stage, 'node_modules', name), { recursive: true });
    else if (!name.startsWith('.package-lock')) symlinkSync(join(ROOT, 'node_modules', name), join(stage, 'node_modules', name));
  }
  // pack runs `prepare` (the build), whose output comes first on stdout; the JSON report is the last thing there.
  const printed = npm(['pack', '--json', '--pack-destination', work], stage);
  const report = JSON.parse(printed.slice(printed.lastIndexOf('\n[\n') + 1)) as { filename: string; files: { path: string }[] }[];
  tarball = join(work, report[0]!.filename);
  packed = report[0]!.files.map((f) => f.path);
  npm(['install', '--global', '--prefix', prefix, '--prefer-offline', tarball], work);
  const samples = join(installed, 'resources', 'sample');
  sample = join(samples, readdirSync(samples)[0]!);
  mkdirSync(out);
}, 600_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.skipIf(!enabled)('the packed CLI', { timeout: 120_000 }, () => {
  it('packs the built CLI, its workers, the renderer and the sample, and no sources, tests or maps', () => {
    expect(packed).toEqual(expect.arrayContaining(['bin/capsem-inspect.js', 'build/node/src/cli/main.js', 'build/renderer/index.html']));
    // Every worker and child the core starts by name (the Electron build's entries name them all), wherever in
    // src/main its room is: workers start from the file beside the module that starts them.
    const config = readFileSync(join(ROOT, 'electron.vite.config.ts'), 'utf8');
    const entries = [...config.matchAll(/'([a-z-]+)':\s*'src\/main\/[^']+\.ts'/g)].map((m) => m[1]!);
    expect(entries).toEqual(expect.arrayContaining(['verify-worker', 'export-worker', 'sql-child']));
    for (const name of entries)
      expect(
        packed.some((p) => p.startsWith('build/node/src/main/') && p.endsWith(`/${name}.js`)),
        name,
      ).toBe(true);
    expect(packed.some((p) => p.startsWith('resources/sample/') && p.endsWith('/session.db'))).toBe(true);
    // The BLAKE3 binding travels as source with the C library it compiles, and builds on the user's machine.
    expect(packed).toEqual(
      expect.arrayContaining([
        'node_modules/capsem-blake3/binding.gyp',
        'node_modules/capsem-blake3/src/capsem_blake3.c',
        'node_modules/@c4312/blake3-native/c/blake3.c',
      ]),
    );
    // Our own files only: the bundled @c4312 packages ship their own maps and types.
    const ours = packed.filter((p) => !p.startsWith('node_modules/@c4312/'));
    const unwanted = ours.filter(
      (p) =>
        /^(src|test|scripts|native|out|dist|\.ci)\//.test(p) ||
        /\.map$|(?<!\.d)\.tsx?$/.test(p) ||
        /^bin\/.*\.d\.ts$/.test(p) ||
        /^node_modules\/capsem-blake3\/build\//.test(p),
    );
    expect(unwanted).toEqual([]);
  });

  it('installs only runtime dependencies, with every native addon built in place', () => {
    const top = readdirSync(join(installed, 'node_modules'));
    expect(top).toEqual(expect.arrayContaining(['better-sqlite3', 'zstd-napi', 'capsem-blake3', 'warcio']));
    for (const dev of ['electron', 'react', 'react-dom', 'recharts', 'vitest', 'tsx', 'typescript', 'playwright-core', 'vite'])
      expect(top, dev).not.toContain(dev);
    for (const addon of ['better-sqlite3/build/Release/better_sqlite3.node', 'capsem-blake3/build/Release/capsem_blake3.node']) {
      expect(statSync(join(installed, 'node_modules', addon)).isFile(), addon).toBe(true);
    }
  });

  it('check verifies every body of the sample', () => {
    const r = cli(['check', sample, '--verify-bodies']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Verdict: intact/);
  });

  it('body writes one verified body', () => {
    const dest = join(out, 'body.bin');
    const r = cli(['body', sample, '08278f381c6f', 'net_events', 'request', '-o', dest]);
    expect(r.status, r.stderr).toBe(0);
    expect(statSync(dest).size).toBeGreaterThan(0);
  });

  it('export-warc writes a WARC that warcio reads back whole', async () => {
    const dest = join(out, 'sample.warc.gz');
    const r = cli(['export-warc', sample, '-o', dest]);
    expect(r.status, r.stderr).toBe(0);
    const types = (await readWarc(dest)).map((record) => record.header('WARC-Type'));
    expect(types[0]).toBe('warcinfo');
    expect(types.filter((t) => t === 'resource').length).toBeGreaterThan(0);
  });

  it('serve answers the page and the contract on loopback', async () => {
    const child = spawn(command, ['serve', sample, '--port', '0'], { cwd: work, env: npmEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`serve exited ${code}`)));
        createInterface({ input: child.stdout! }).on('line', (line) => {
          const m = /on (http:\/\/127\.0\.0\.1:\d+\/\?token=[^\s#]+)/.exec(line);
          if (m) resolve(m[1]!);
        });
      });
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<script type="module"/);
      const token = new URL(url).searchParams.get('token')!;
      const list = await fetch(new URL('/api/evidence.list', url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-capsem-token': token },
        body: 'null',
      });
      const body = (await list.json()) as { ok: boolean; value: { sessionId: string }[] };
      expect(body.ok).toBe(true);
      expect(body.value.map((e) => e.sessionId)).toEqual([sample.split('/').pop()]);
    } finally {
      child.kill('SIGINT');
    }
  });
});

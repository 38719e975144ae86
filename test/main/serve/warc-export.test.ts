// Serve's WARC export route: the verified file downloads as <sessionId>.warc.gz with the digests the POST named, and
// every failure is a status with a named code and a sentence that never shows serve's private export folder.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_ROUTES } from '../../../src/shared/contract.js';
import type { ServedWarc } from '../../../src/shared/contract/served-warc.js';
import { warcExportPath } from '../../../src/shared/contract/served-warc.js';
import type { Result } from '../../../src/shared/errors.js';
import { fail } from '../../../src/shared/errors.js';
import type { RunningServer } from '../../../src/main/serve/server.js';
import { startServer } from '../../../src/main/serve/server.js';
import type { RunWarcExport } from '../../../src/main/serve/warc-export-runner.js';
import { workerWarcExport } from '../../../src/main/serve/warc-export-runner.js';
import { WARC_PREFIX } from '../../../src/main/serve/warc-exports.js';
import type { WrittenLedger } from '../../fixtures/writer/ledger-writer.js';
import { writeLedger } from '../../fixtures/writer/ledger-writer.js';

let root: string;
let scratchRoot: string;
let server: RunningServer;
let healthy: WrittenLedger;
let healthyId: string;
let noArchiveId: string;
/** The export the server runs: the worker, unless a test puts a stand-in in its place. */
let runner: RunWarcExport;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'serve-warc-'));
  scratchRoot = join(root, 'scratch');
  mkdirSync(scratchRoot);
  healthy = await writeLedger(join(root, 'healthy'), { generation: 'A4', seed: 3 });
  const noArchive = await writeLedger(join(root, 'no-archive'), { generation: 'A4', seed: 4, damage: 'missing-archive' });
  runner = workerWarcExport({ scratchRoot });
  server = await startServer({
    paths: [healthy.sessionDir, noArchive.sessionDir],
    sampleDir: null,
    rendererDir: join(root, 'no-renderer'),
    backgroundWorkers: null,
    openOptions: { scratchRoot },
    warcExport: (evidence, destination, signal) => runner(evidence, destination, signal),
  });
  const [a, b] = server.opened;
  if (!a?.ok || !b?.ok) throw new Error('both ledgers must open');
  healthyId = a.value.id;
  noArchiveId = b.value.id;
});
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

const cookie = (): string => `${HTTP_ROUTES.tokenCookie}=${server.token}`;
const post = (evidenceId: string, token = server.token): Promise<Response> =>
  fetch(`${server.origin}${warcExportPath(evidenceId)}`, { method: 'POST', headers: { [HTTP_ROUTES.tokenHeader]: token } });
const exportFolders = (): string[] => readdirSync(scratchRoot).filter((n) => n.startsWith(WARC_PREFIX));

describe('POST then GET /warc/<evidence>', () => {
  it('offers the verified file, which downloads as <sessionId>.warc.gz with the digests the POST named', async () => {
    const res = await post(healthyId);
    expect(res.status).toBe(200);
    const served = (await res.json()) as Result<ServedWarc>;
    if (!served.ok) throw new Error(`${served.error.code}: ${served.error.message}`);
    expect(served.value.fileName).toBe(`${healthy.sessionId}.warc.gz`);
    expect(served.value.resourceRecords).toBe(healthy.bodies.length);
    expect(served.value.skipped).toBe(0);
    // Downloaded twice: the file stays until a newer export replaces it or it expires.
    for (let i = 0; i < 2; i++) {
      const file = await fetch(`${server.origin}${served.value.url}`, { headers: { cookie: cookie() } });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/gzip');
      expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${healthy.sessionId}.warc.gz"`);
      const bytes = Buffer.from(await file.arrayBuffer());
      expect(file.headers.get('content-length')).toBe(String(bytes.length));
      expect(bytes.length).toBe(served.value.fileBytes);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(served.value.fileSha256);
    }
    expect(exportFolders()).toHaveLength(1);
    // A new export replaces the old: its address is gone, and one folder remains.
    const again = (await (await post(healthyId)).json()) as Result<ServedWarc>;
    if (!again.ok) throw new Error(again.error.message);
    expect((await fetch(`${server.origin}${served.value.url}`, { headers: { cookie: cookie() } })).status).toBe(404);
    expect(exportFolders()).toHaveLength(1);
  });

  it('names the export’s refusal of an archive it cannot read at all (422), and keeps nothing', async () => {
    const before = exportFolders().length;
    const res = await post(noArchiveId);
    expect(res.status).toBe(422);
    const r = (await res.json()) as Result<ServedWarc>;
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('ARCHIVE_MISSING');
    expect(r.error.message).not.toContain(WARC_PREFIX);
    expect(exportFolders()).toHaveLength(before);
  });

  it('a failed export is 500 EXPORT_FAILED naming the file, never the private folder, and leaves no folder', async () => {
    const before = exportFolders().length;
    runner = async (_e, destination) => ({
      ok: false,
      error: fail('EXPORT_FAILED', `export to ${destination} failed: the disk is full; nothing was written under that name`),
    });
    try {
      const res = await post(healthyId);
      expect(res.status).toBe(500);
      const r = (await res.json()) as Result<ServedWarc>;
      expect(r).toEqual({
        ok: false,
        error: {
          code: 'EXPORT_FAILED',
          message: `export to ${healthy.sessionId}.warc.gz failed: the disk is full; nothing was written under that name`,
        },
      });
      expect(exportFolders()).toHaveLength(before);
    } finally {
      runner = workerWarcExport({ scratchRoot });
    }
  });

  it('a second export of the same evidence while one runs is 409', async () => {
    let release!: () => void;
    let entered!: () => void;
    const started = new Promise<void>((r) => (entered = r));
    const held = new Promise<void>((r) => (release = r));
    runner = async () => {
      entered();
      await held;
      return { ok: false, error: fail('CANCELLED', 'released') };
    };
    try {
      const first = post(healthyId);
      await started;
      const second = await post(healthyId);
      expect(second.status).toBe(409);
      expect(((await second.json()) as Result<ServedWarc>).ok).toBe(false);
      release();
      await first;
    } finally {
      runner = workerWarcExport({ scratchRoot });
    }
  });

  it('refuses without the token, an unknown evidence and an unknown ticket, by status', async () => {
    expect((await post(healthyId, 'wrong')).status).toBe(403);
    expect((await fetch(`${server.origin}${warcExportPath(healthyId)}/${'0'.repeat(32)}`)).status).toBe(403);
    const unknown = await post('no-such-evidence');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('BAD_REQUEST');
    const noTicket = await fetch(`${server.origin}${warcExportPath(healthyId)}/${'0'.repeat(32)}`, { headers: { cookie: cookie() } });
    expect(noTicket.status).toBe(404);
    expect((await fetch(`${server.origin}${warcExportPath(healthyId)}`, { headers: { cookie: cookie() } })).status).toBe(405);
  });
});

// Serve's "Save transcript" route: a transcript of more than 20,000 lines (which the transcript.export channel
// refuses) downloads whole, streamed, and is byte for byte the file the CLI writes for the same trace and format.
// The clock is pinned for both writers: the head names when the file was written, and nothing else may differ.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateLargeLedger } from '../../../scripts/gen-large/generate.js';
import { run } from '../../../src/cli/commands/transcript.js';
import { captureIo } from '../../../src/cli/io.js';
import { HTTP_ROUTES } from '../../../src/shared/contract.js';
import type { Result } from '../../../src/shared/errors.js';
import type { TranscriptPage } from '../../../src/shared/contract/transcript.js';
import type { RunningServer } from '../../../src/main/serve/server.js';
import { startServer } from '../../../src/main/serve/server.js';

const MiB = 1024 * 1024;
let root: string;
let sessionDir: string;
let traceId: string;
let server: RunningServer;
let evidenceId: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'serve-transcript-'));
  // A trace of 800 model calls tells ~23,000 lines.
  const s = await generateLargeLedger({ dir: join(root, 'ledger'), events: 12_000, bodyBytes: 2 * MiB, seed: 5, bigTraceCalls: 800 });
  sessionDir = dirname(s.dbPath);
  traceId = s.bigTrace!.traceId;
  server = await startServer({ paths: [sessionDir], sampleDir: null, rendererDir: join(root, 'no-renderer'), backgroundWorkers: null });
  const opened = server.opened[0]!;
  if (!opened.ok) throw new Error(opened.error.message);
  evidenceId = opened.value.id;
});
afterAll(async () => {
  vi.useRealTimers();
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

const cookie = (): string => `${HTTP_ROUTES.tokenCookie}=${server.token}`;

async function total(): Promise<number> {
  const res = await fetch(`${server.origin}/api/transcript.page`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [HTTP_ROUTES.tokenHeader]: server.token },
    body: JSON.stringify({ evidenceId, traceId, limit: 1 }),
  });
  const r = (await res.json()) as Result<TranscriptPage>;
  if (!r.ok) throw new Error(r.error.message);
  return r.value.total;
}

describe('GET /transcript/<evidence>', () => {
  it('streams a transcript of more than 20,000 lines, equal byte for byte to the CLI file', async () => {
    expect(await total()).toBeGreaterThan(20_000);
    // The CLI verifies every body before it writes; the served file is compared once serve's own verification (which
    // the open started) has finished, so both heads state the same verification.
    await expect
      .poll(
        async () => {
          const v = await server.service.handle('integrity.verdict', { evidenceId });
          return v.ok ? v.value.bodies.state : v.error.code;
        },
        { timeout: 60_000 },
      )
      .toBe('done');
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T15:00:00.000Z') });
    for (const format of ['md', 'html', 'json'] as const) {
      const res = await fetch(
        `${server.origin}${HTTP_ROUTES.transcript}/${evidenceId}?format=${format}&trace=${encodeURIComponent(traceId)}`,
        {
          headers: { cookie: cookie() },
        },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[A-Za-z0-9_.-]+"$/);
      // Streamed: no length known up front, the body comes chunked.
      expect(res.headers.get('content-length')).toBeNull();
      const served = Buffer.from(await res.arrayBuffer());
      const file = join(root, `cli.${format}`);
      const io = captureIo();
      expect(await run([sessionDir, '--trace', traceId, '--format', format, '-o', file], io)).toBe(0);
      const cli = readFileSync(file);
      expect(served.length).toBe(cli.length);
      expect(served.equals(cli)).toBe(true);
    }
  });

  it('refuses without the cookie, and names an unknown trace or format before any byte', async () => {
    const base = `${server.origin}${HTTP_ROUTES.transcript}/${evidenceId}`;
    expect((await fetch(`${base}?format=md`)).status).toBe(403);
    const unknown = await fetch(`${base}?format=md&trace=no-such-trace`, { headers: { cookie: cookie() } });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as Result<unknown>).ok).toBe(false);
    const badFormat = await fetch(`${base}?format=pdf`, { headers: { cookie: cookie() } });
    expect(badFormat.status).toBe(400);
    // A malformed percent escape in the address is a bad request by name, not an internal error.
    const malformed = await fetch(`${server.origin}${HTTP_ROUTES.transcript}/%zz?format=md`, { headers: { cookie: cookie() } });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
  });
});

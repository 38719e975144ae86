import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../../src/shared/errors.js';
import type {
  BodyWindow,
  EventDetail,
  EvidenceSummary,
  IntegrityReportView,
  Overview,
  SearchResult,
  SqlResult,
  TableInfo,
  TablePage,
} from '../../../src/shared/contract.js';
import type { RunningServer } from '../../../src/main/serve/server.js';
import { startServer } from '../../../src/main/serve/server.js';
import type { WrittenLedger } from '../../fixtures/writer/ledger-writer.js';
import { writeLedger } from '../../fixtures/writer/ledger-writer.js';

let dir: string;
let ledger: WrittenLedger;
let server: RunningServer;
let evidenceId: string;

async function api<T>(channel: string, arg: unknown, token = server.token): Promise<Result<T>> {
  const res = await fetch(`${server.origin}/api/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-capsem-token': token },
    body: JSON.stringify(arg),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Result<T>;
}
function ok<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}
/** A raw request with a chosen Host header (fetch will not let us forge it). */
function rawGet(path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'capsem-serve-'));
  ledger = await writeLedger(dir, { generation: 'A4', seed: 7 });
  server = await startServer({ paths: [ledger.sessionDir], sampleDir: null, rendererDir: join(dir, 'no-renderer') });
  const opened = server.opened[0]!;
  evidenceId = ok(opened).id;
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('serve mode: the HTTP surface', () => {
  it('binds 127.0.0.1 and prints a URL carrying the token', () => {
    expect(server.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${server.port}/\\?token=[0-9a-f]{64}#/$`));
  });

  it('refuses API calls without the token or with a wrong one', async () => {
    const none = await fetch(`${server.origin}/api/evidence.list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'null',
    });
    expect(none.status).toBe(403);
    const wrong = await fetch(`${server.origin}/api/evidence.list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-capsem-token': 'f'.repeat(64) },
      body: 'null',
    });
    expect(wrong.status).toBe(403);
    const page = await fetch(`${server.origin}/`);
    expect(page.status).toBe(403);
  });

  it('refuses a foreign Host header (DNS rebinding) and a foreign Origin', async () => {
    expect(await rawGet(`/?token=${server.token}`, `evil.example:${server.port}`)).toBe(421);
    expect(await rawGet(`/?token=${server.token}`, `127.0.0.1:${server.port + 1}`)).toBe(421);
    const cross = await fetch(`${server.origin}/api/evidence.list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-capsem-token': server.token, origin: 'http://evil.example' },
      body: 'null',
    });
    expect(cross.status).toBe(403);
  });

  it('sends the CSP and hardening headers on every response', async () => {
    const res = await fetch(`${server.origin}/api/evidence.list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-capsem-token': server.token },
      body: 'null',
    });
    const csp = res.headers.get('content-security-policy') ?? '';
    for (const d of [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data: blob:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "form-action 'none'",
    ])
      expect(csp).toContain(d);
    // Pictures of bodies come from blob: URLs made in the page; nothing wider (no remote origin, no wildcard).
    expect(
      csp
        .split(';')
        .find((d) => d.trim().startsWith('img-src'))
        ?.trim(),
    ).toBe("img-src 'self' data: blob:");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('validates arguments with the shared guards: a path is never an evidence id', async () => {
    const r = await api('overview', { evidenceId: '../../etc/passwd' });
    expect(r).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    const extra = await api('overview', { evidenceId, path: '/tmp' });
    expect(extra).toMatchObject({
      ok: false,
      error: { code: 'BAD_REQUEST', message: expect.stringMatching(/path is not an accepted field/) },
    });
    const unknown = await api('nope', null);
    expect(unknown).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
  });

  it('lists the evidence and gives an overview whose counts equal what the writer wrote', async () => {
    const list = ok(await api<EvidenceSummary[]>('evidence.list', null));
    expect(list.map((e) => [e.id, e.sessionId, e.generation])).toEqual([[evidenceId, ledger.sessionId, 'A4']]);
    const ov = ok(await api<Overview>('overview', { evidenceId }));
    const counts = Object.fromEntries(ov.rowCounts.map((r) => [r.table, r.rows]));
    for (const [t, n] of Object.entries(ledger.rowCounts)) expect([t, counts[t]]).toEqual([t, n]);
    expect(ov.hashes.db!.name).toBe('session.db');
    expect(ov.hashes.db!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(ov.timeSpan).not.toBeNull();
  });

  it('pages a table by keyset and opens a row with its bodies, then a verified body window', async () => {
    const tables = ok(await api<TableInfo[]>('tables.list', { evidenceId }));
    const model = tables.find((t) => t.name === 'model_calls')!;
    expect(model.rowCount).toBe(ledger.rowCounts.model_calls);
    const p1 = ok(await api<TablePage>('tables.page', { evidenceId, table: 'model_calls', limit: 2 }));
    expect(p1.rows.length).toBe(Math.min(2, model.rowCount));
    const detail = ok(await api<EventDetail>('event.get', { evidenceId, table: 'model_calls', rowid: p1.rowids[0] }));
    expect(detail.eventId).toMatch(/^[0-9a-f]{12}$/);
    const written = ledger.bodies.filter((b) => !b.injected && b.key.eventId === detail.eventId);
    expect(detail.bodies.map((b) => `${b.sourceTable}/${b.direction}`).sort()).toEqual(
      written.map((b) => `${b.key.sourceTable}/${b.key.direction}`).sort(),
    );
    const first = written[0]!;
    const w = ok(await api<BodyWindow>('body.window', { evidenceId, key: first.key, offset: 0, length: 64 }));
    expect(w.storedBytes).toBe(first.bytes.byteLength);
    expect(Buffer.from(w.base64, 'base64')).toEqual(Buffer.from(first.bytes.subarray(0, 64)));
    const byId = ok(await api<EventDetail>('event.get', { evidenceId, eventId: detail.eventId }));
    expect(byId.eventId).toBe(detail.eventId);
  });

  it('searches by event_id and tool name', async () => {
    const b = ledger.bodies.find((x) => !x.injected)!;
    const r = ok(await api<SearchResult>('search', { evidenceId, query: b.key.eventId, kinds: ['event_id'] }));
    expect(r.hits.length).toBeGreaterThan(0);
    expect(r.hits.every((h) => h.value === b.key.eventId)).toBe(true);
  });

  it('builds the integrity report', async () => {
    const rep = ok(await api<IntegrityReportView>('integrity.report', { evidenceId }));
    expect(rep.verdict).toBe('intact');
    expect(rep.archive.bodies).toBe(ledger.bodies.length);
  });

  it('runs SQL in the child and refuses writes', async () => {
    const r = ok(await api<SqlResult>('sql.run', { evidenceId, runId: 'q1', sql: 'SELECT COUNT(*) AS n FROM model_calls' }));
    expect(r.rows).toEqual([[ledger.rowCounts.model_calls]]);
    const w = await api('sql.run', { evidenceId, runId: 'q2', sql: 'DELETE FROM model_calls' });
    expect(w).toMatchObject({ ok: false, error: { code: 'QUERY_REFUSED' } });
  });

  it('verifies every body, streaming progress and the end over SSE', async () => {
    const ac = new AbortController();
    const es = await fetch(`${server.origin}/events?token=${server.token}`, { signal: ac.signal });
    expect(es.headers.get('content-type')).toMatch(/text\/event-stream/);
    const { jobId } = ok(await api<{ jobId: string }>('jobs.verify.start', { evidenceId }));
    const reader = es.body!.getReader();
    let text = '';
    const dec = new TextDecoder();
    // The open's own verification may end on the same stream: this job's end is the one looked for.
    const ours = (f: string): boolean => f.startsWith('event: job.done') && f.includes(`"jobId":"${jobId}"`);
    while (!text.split('\n\n').some(ours)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += dec.decode(value);
    }
    ac.abort();
    const doneLine = text.split('\n\n').find(ours)!;
    const payload = JSON.parse(doneLine.split('\ndata: ')[1]!) as {
      jobId: string;
      outcome: { ok: boolean; value: { total: number; verified: number; failed: number } };
    };
    expect(payload.jobId).toBe(jobId);
    expect(payload.outcome.ok).toBe(true);
    expect(payload.outcome.value).toMatchObject({ total: ledger.bodies.length, verified: ledger.bodies.length, failed: 0 });
  });

  it('uploads dropped session files into scratch and opens them', async () => {
    const begin = ok(
      (await (
        await fetch(`${server.origin}/upload/begin?folder=${ledger.sessionId}`, {
          method: 'POST',
          headers: { 'x-capsem-token': server.token },
        })
      ).json()) as Result<{ uploadId: string }>,
    );
    const { readFileSync, readdirSync, statSync } = await import('node:fs');
    const put = async (name: string, path: string): Promise<void> => {
      const res = await fetch(`${server.origin}/upload/${begin.uploadId}/${encodeURIComponent(name)}`, {
        method: 'PUT',
        headers: { 'x-capsem-token': server.token },
        body: readFileSync(path),
      });
      expect(((await res.json()) as Result<unknown>).ok).toBe(true);
    };
    for (const f of readdirSync(ledger.sessionDir)) {
      const p = join(ledger.sessionDir, f);
      if (statSync(p).isDirectory()) for (const g of readdirSync(p)) await put(`${f}/${g}`, join(p, g));
      else await put(f, p);
    }
    const bad = await fetch(`${server.origin}/upload/${begin.uploadId}/${encodeURIComponent('../evil')}`, {
      method: 'PUT',
      headers: { 'x-capsem-token': server.token },
      body: 'x',
    });
    expect(((await bad.json()) as Result<unknown>).ok).toBe(false);
    const opened = ok(
      (await (
        await fetch(`${server.origin}/upload/${begin.uploadId}/open`, { method: 'POST', headers: { 'x-capsem-token': server.token } })
      ).json()) as Result<EvidenceSummary>,
    );
    expect(opened).toMatchObject({ sessionId: ledger.sessionId, origin: 'dropped', generation: 'A4' });
    expect(opened.id).not.toBe(evidenceId);
  });
  it('refuses a dropped folder that is no ledger by the name it was dropped with, never the scratch path', async () => {
    const headers = { 'x-capsem-token': server.token };
    const begin = ok(
      (await (await fetch(`${server.origin}/upload/begin?folder=suspect-copy`, { method: 'POST', headers })).json()) as Result<{
        uploadId: string;
      }>,
    );
    await fetch(`${server.origin}/upload/${begin.uploadId}/session.db`, { method: 'PUT', headers, body: 'not a ledger at all' });
    const r = (await (
      await fetch(`${server.origin}/upload/${begin.uploadId}/open`, { method: 'POST', headers })
    ).json()) as Result<unknown>;
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).not.toContain(tmpdir());
    expect(r.error.message).not.toContain('capsem-upload-');
    expect(r.error.message).toContain('the dropped suspect-copy');
  });

  it('names a malformed %-escape and a file-then-folder session.bodies as BAD_REQUEST, never INTERNAL or a server path', async () => {
    const headers = { 'x-capsem-token': server.token };
    const begin = ok(
      (await (await fetch(`${server.origin}/upload/begin`, { method: 'POST', headers })).json()) as Result<{ uploadId: string }>,
    );
    const put = async (rawName: string): Promise<Result<unknown>> =>
      (await (
        await fetch(`${server.origin}/upload/${begin.uploadId}/${rawName}`, { method: 'PUT', headers, body: 'x' })
      ).json()) as Result<unknown>;
    const answers = [
      await put('%E0%A4%A'),
      await put('session.bodies'),
      await put(encodeURIComponent('session.bodies/g-' + 'a'.repeat(32) + '.cbl')),
    ];
    expect(answers[1]!.ok).toBe(true);
    for (const r of [answers[0]!, answers[2]!]) {
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.error.code).toBe('BAD_REQUEST');
      expect(r.error.message).not.toContain(tmpdir());
      expect(r.error.message).not.toContain('capsem-upload-');
    }
    // answers[1] stored the file; answers[2] was the folder of the same name.
    expect(answers[0]!.ok ? '' : answers[0]!.error.message).toMatch(/not valid %-escaped text/);
    expect(answers[2]!.ok ? '' : answers[2]!.error.message).toMatch(/already uploaded as a file/);
    const discarded = (await (
      await fetch(`${server.origin}/upload/${begin.uploadId}/discard`, { method: 'POST', headers })
    ).json()) as Result<null>;
    expect(discarded.ok).toBe(true);
    const gone = (await (
      await fetch(`${server.origin}/upload/${begin.uploadId}/open`, { method: 'POST', headers })
    ).json()) as Result<unknown>;
    expect(gone.ok ? '' : gone.error.code).toBe('BAD_REQUEST');
  });
});

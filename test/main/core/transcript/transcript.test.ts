// The transcript on the fixture writer's session, whose traces are known (see graph/trace-graph.test.ts): every
// model call, tool call, tool response and side-effect row of a trace appears exactly once, in story order, with
// the text its row (or verified body) holds; findings sit on the rows that break an invariant.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTraces } from '../../../../src/main/core/traces/traces.js';
import { brokenInTrace } from '../../../../src/main/core/traces/broken.js';
import { readBody } from '../../../../src/main/core/bodies/read-body.js';
import { transcriptPage } from '../../../../src/main/core/transcript/transcript-page.js';
import type { TranscriptLine } from '../../../../src/shared/contract/transcript.js';
import type { OpenedFixture } from '../graph/fixture-ledger.js';
import { openFixture, rowsOf } from '../graph/fixture-ledger.js';
import { EVENT_TABLE_NAMES } from '../../../fixtures/writer/untraced-rows.js';

const root = mkdtempSync(join(tmpdir(), 'transcript-test-'));
let fx: OpenedFixture;
let traces: string[];
beforeAll(async () => {
  fx = await openFixture(root, 'a4', { report: false });
  traces = listTraces(fx.evidence.db).traces.map((t) => t.traceId);
});
afterAll(() => {
  fx?.close();
  rmSync(root, { recursive: true, force: true });
});

const EVENT_TABLES = EVENT_TABLE_NAMES;
const all = (traceId?: string): TranscriptLine[] => {
  const first = transcriptPage(fx.evidence, { traceId, limit: 500 });
  expect(first.lines.length).toBe(first.total);
  return [...first.lines];
};
/** A body's bytes as text, read through its hashes (null when the ledger captured none). */
const bodyText = (eventId: string, sourceTable: string, direction: string): string | null => {
  const r = readBody(fx.evidence, { eventId, sourceTable, direction });
  return r.ok ? new TextDecoder().decode(r.bytes) : null;
};
const key = (l: TranscriptLine): string => `${l.row!.table}:${l.row!.rowid}`;

describe('transcript of a trace', () => {
  it('tells every row of each trace exactly once (mcp_proxy captures fold into their call)', () => {
    for (const t of traces) {
      const told = all(t)
        .filter((l) => l.row)
        .map(key);
      const expected = ['model_calls', 'tool_calls', 'tool_responses', ...EVENT_TABLES].flatMap((table) =>
        rowsOf<{ id: number }>(
          fx,
          `SELECT id FROM ${table} WHERE trace_id = ?${table === 'tool_calls' ? " AND origin <> 'mcp_proxy'" : ''}`,
          t,
        ).map((r) => `${table}:${r.id}`),
      );
      expect([...told].sort()).toEqual([...expected].sort());
      expect(new Set(told).size).toBe(told.length);
    }
  });

  it('puts calls under their model call, responses under their call, and everything in time order', () => {
    for (const t of traces) {
      const lines = all(t);
      const at = new Map(lines.filter((l) => l.row).map((l) => [key(l), l.seq]));
      for (const c of rowsOf<{ id: number; model_call_id: number | null }>(
        fx,
        'SELECT id, model_call_id FROM tool_calls WHERE trace_id = ? AND model_call_id IS NOT NULL',
        t,
      )) {
        if (at.has(`model_calls:${c.model_call_id}`))
          expect(at.get(`tool_calls:${c.id}`)!).toBeGreaterThan(at.get(`model_calls:${c.model_call_id}`)!);
      }
      for (const r of rowsOf<{ id: number; c: number }>(
        fx,
        'SELECT r.id, c.id AS c FROM tool_responses r JOIN tool_calls c ON c.call_id = r.call_id AND c.trace_id = r.trace_id WHERE r.trace_id = ?',
        t,
      )) {
        expect(at.get(`tool_responses:${r.id}`)!).toBeGreaterThan(at.get(`tool_calls:${r.c}`)!);
      }
      const mcOrder = lines.filter((l) => l.kind === 'model_call').map((l) => l.row!.rowid);
      expect(mcOrder).toEqual([...mcOrder].sort((a, b) => a - b));
      // The writer's clock only moves forward: the story's timed lines never go back in time.
      const times = lines.filter((l) => l.row && l.timestamp && l.kind !== 'tool_response').map((l) => Date.parse(l.timestamp!));
      for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThanOrEqual(times[i - 1]!);
      expect(lines[0]!.kind).toBe('trace');
      expect(lines[1]!.kind).toBe('turn');
    }
  });

  it('shows each model call response, tool call command and response content as the rows hold them', () => {
    for (const t of traces) {
      const lines = all(t);
      for (const l of lines) {
        if (l.kind === 'model_call') {
          const r = rowsOf<{ text_content: string | null; model: string | null; provider: string }>(
            fx,
            'SELECT text_content, model, provider FROM model_calls WHERE id = ?',
            l.row!.rowid,
          )[0]!;
          expect(l.title).toBe(`${r.provider} · ${r.model ?? 'model NULL'}`);
          if (r.text_content !== null) expect(l.blocks.find((b) => b.label === 'response')?.text).toBe(r.text_content);
        }
        if (l.kind === 'tool_call') {
          const r = rowsOf<{ arguments: string | null }>(fx, 'SELECT arguments FROM tool_calls WHERE id = ?', l.row!.rowid)[0]!;
          const parsed = r.arguments ? (JSON.parse(r.arguments) as { command?: string }) : null;
          if (parsed?.command) expect(l.blocks[0]).toMatchObject({ label: 'command', format: 'command', text: parsed.command });
          else if (r.arguments) expect(JSON.parse(l.blocks[0]!.text)).toEqual(JSON.parse(r.arguments));
        }
        // The verified body where the ledger captured one (a preview column is an excerpt of it), else the preview.
        if (l.kind === 'tool_response') {
          const r = rowsOf<{ content_preview: string; event_id: string }>(
            fx,
            'SELECT content_preview, event_id FROM tool_responses WHERE id = ?',
            l.row!.rowid,
          )[0]!;
          const body = bodyText(r.event_id, 'tool_responses', 'response') ?? bodyText(r.event_id, 'tool_responses', 'payload');
          expect(l.blocks[0]?.text).toBe(body ?? r.content_preview);
          expect(l.blocks[0]?.source.from).toBe(body === null ? 'column' : 'body');
        }
        if (l.kind === 'exec') {
          const r = rowsOf<{ command: string; exit_code: number }>(
            fx,
            'SELECT command, exit_code FROM exec_events WHERE id = ?',
            l.row!.rowid,
          )[0]!;
          expect(l.title).toBe(`$ ${r.command}`);
          expect(l.facts).toContain(`exit ${r.exit_code}`);
          const out = rowsOf<{ event_id: string; stdout_preview: string | null; stdout_bytes: number }>(
            fx,
            'SELECT event_id, stdout_preview, stdout_bytes FROM exec_events WHERE id = ?',
            l.row!.rowid,
          )[0]!;
          const stdout = l.blocks.find((b) => b.label === 'stdout');
          const body = bodyText(out.event_id, 'exec_events', 'stdout');
          if (body !== null) expect(stdout).toMatchObject({ text: body, cut: false, source: { from: 'body', name: 'exec_events/stdout' } });
          else if (out.stdout_preview !== null && Buffer.byteLength(out.stdout_preview) < out.stdout_bytes)
            expect(stdout).toMatchObject({ text: out.stdout_preview, cut: true, wholeBytes: out.stdout_bytes });
          expect(l.alert).toBe(r.exit_code !== 0);
        }
      }
    }
  });

  it('reads the verified response body where the column is NULL, naming the body and its hash', () => {
    const [mc] = rowsOf<{ id: number; event_id: string; trace_id: string }>(
      fx,
      'SELECT id, event_id, trace_id FROM model_calls WHERE text_content IS NULL ORDER BY id LIMIT 1',
    );
    const line = all(mc!.trace_id).find((l) => l.kind === 'model_call' && l.row!.rowid === mc!.id)!;
    const body = readBody(fx.evidence, { eventId: mc!.event_id, sourceTable: 'model_calls', direction: 'response' });
    expect(body.ok).toBe(true);
    const json = JSON.parse(new TextDecoder().decode(body.ok ? body.bytes : new Uint8Array())) as {
      candidates?: { content: { parts: { text?: string }[] } }[];
      choices?: { message: { content: string } }[];
    };
    const text = json.candidates ? json.candidates[0]!.content.parts.map((p) => p.text ?? '').join('') : json.choices![0]!.message.content;
    const hash = rowsOf<{ h: string }>(
      fx,
      "SELECT body_hash AS h FROM event_body_blobs WHERE event_id = ? AND source_table = 'model_calls' AND direction = 'response'",
      mc!.event_id,
    )[0]!.h;
    expect(line.blocks.find((b) => b.label === 'response')).toMatchObject({
      text,
      source: { from: 'body', name: 'model_calls/response', bodyHash: hash },
    });
    expect(line.findings.map((f) => f.kind)).toContain('null_tokens');
  });

  it('marks findings where they happen, as many as the graph counts', () => {
    for (const t of traces) {
      const page = transcriptPage(fx.evidence, { traceId: t, limit: 500 });
      const broken = brokenInTrace(fx.evidence.db, t);
      for (const k of ['call_without_response', 'response_without_call', 'mcp_without_logical_call', 'dangling_model_call_id'] as const) {
        expect(page.findings[k] ?? 0).toBe(broken.counts[k]);
      }
      for (const b of broken.list) {
        const l = page.lines.find((x) => x.row?.table === b.row.table && x.row.rowid === b.row.rowid)!;
        expect(l.findings.map((f) => f.kind)).toContain(b.kind);
      }
    }
    const nullModel = rowsOf<{ id: number; trace_id: string }>(fx, 'SELECT id, trace_id FROM model_calls WHERE model IS NULL')[0]!;
    expect(
      all(nullModel.trace_id)
        .find((l) => l.row?.table === 'model_calls' && l.row.rowid === nullModel.id)!
        .findings.map((f) => f.kind),
    ).toContain('null_model');
  });

  it('tells file overflow windows with the scan that reported them, and denied requests stand out', () => {
    const lines = traces.flatMap((t) => all(t));
    const overflow = lines.filter((l) => l.kind === 'overflow');
    const rows = rowsOf<{ id: number; size: number }>(fx, "SELECT id, size FROM fs_events WHERE action = 'overflow' ORDER BY id");
    expect(overflow.map((l) => [l.row!.rowid, l.title])).toEqual(rows.map((r) => [r.id, `${r.size} changes held back`]));
    for (const l of overflow) {
      const next = rowsOf<{ t: string }>(
        fx,
        "SELECT timestamp AS t FROM fs_events WHERE id > ? AND action <> 'overflow' ORDER BY id LIMIT 1",
        l.row!.rowid,
      )[0];
      expect(l.facts).toEqual([next ? `reported by the scan at ${next.t}` : 'no later scan reported them']);
    }
    const denied = lines.filter((l) => l.kind === 'net' && l.facts.includes('decision denied'));
    expect(denied.length).toBeGreaterThan(0);
    expect(denied.every((l) => l.alert)).toBe(true);
    // A row that met policy offers its decision chain; a header, which is no row, never does.
    expect(denied.every((l) => l.decided)).toBe(true);
    expect(lines.filter((l) => l.row === null).every((l) => !l.decided)).toBe(true);
  });

  it('never draws an event row under a call: each sits at its turn’s level and says it was placed by time', () => {
    const calls = ['model_calls', 'tool_calls', 'tool_responses'];
    for (const t of traces) {
      const lines = all(t);
      const events = lines.filter((l) => l.row && !calls.includes(l.row.table));
      expect(events.length).toBeGreaterThan(0);
      for (const l of events) {
        expect(l.depth).toBe(1);
        expect(l.placement).toMatch(
          /^placed by time (after (model|tool) call \d+|before the turn's first call); the ledger ties this row to its (turn|trace only), not to a call$/,
        );
      }
      for (const l of lines.filter((x) => x.row && calls.includes(x.row.table))) expect(l.placement).toBeNull();
    }
  });

  it('pages: any slicing gives the same lines as one page', () => {
    const t = traces[1]!;
    const whole = all(t);
    const paged: TranscriptLine[] = [];
    for (let offset = 0; offset < whole.length; offset += 7)
      paged.push(...transcriptPage(fx.evidence, { traceId: t, offset, limit: 7 }).lines);
    expect(paged).toEqual(whole);
  });

  it('the session transcript is every trace in time order', () => {
    const session = all();
    expect(session.filter((l) => l.kind === 'trace').map((l) => l.traceId)).toEqual(traces);
    expect(session.length).toBe(traces.reduce((n, t) => n + transcriptPage(fx.evidence, { traceId: t, limit: 1 }).total, 0));
  });

  it('refuses a trace that does not exist by name', () => {
    expect(() => transcriptPage(fx.evidence, { traceId: 'trace-nope' })).toThrow(
      /no model call, tool call or tool response carries trace_id trace-nope/,
    );
  });
});

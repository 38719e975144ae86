// The exported transcript: one self-contained file carrying the session id, the evidence hashes and, per line,
// the row and body hashes it came from; hostile text in any field stays inert text in every format; a body that
// fails verification is a finding on its line, never text.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTraces } from '../../../../src/main/core/traces/traces.js';
import { exportTranscript, writeTranscriptAsync } from '../../../../src/main/core/transcript/export/export-transcript.js';
import { transcriptPage } from '../../../../src/main/core/transcript/transcript-page.js';
import type { OpenedFixture } from '../graph/fixture-ledger.js';
import { openFixture, rowsOf } from '../graph/fixture-ledger.js';

const HOSTILE = `http://docs.example/<img src=http://docs.example/i.png> paste.example.net <script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">\u202Egnp.exe\u001b[31m\u0000 [x](javascript:alert(1)) \`\`\`\n</pre></details>`;
const ALLOWED_TAGS = new Set([
  'html',
  'head',
  'meta',
  'title',
  'style',
  'body',
  'h1',
  'h2',
  'h3',
  'p',
  'table',
  'tr',
  'th',
  'td',
  'div',
  'pre',
  'details',
  'summary',
  'span',
  'br',
]);

const root = mkdtempSync(join(tmpdir(), 'transcript-export-'));
let fx: OpenedFixture;
let hostile: OpenedFixture;
beforeAll(async () => {
  fx = await openFixture(root, 'plain', { report: false });
  hostile = await openFixture(root, 'hostile', {
    report: false,
    mutate: (db) => {
      db.prepare('UPDATE model_calls SET text_content = ?, thinking_content = ?, model = ?').run(HOSTILE, HOSTILE, HOSTILE);
      db.prepare('UPDATE tool_calls SET arguments = ?, tool_name = ?').run(JSON.stringify({ command: HOSTILE }), HOSTILE);
      db.prepare('UPDATE tool_responses SET content_preview = ?').run(HOSTILE);
      db.prepare('UPDATE exec_events SET command = ?, stdout_preview = ?').run(HOSTILE, HOSTILE);
      db.prepare('UPDATE fs_events SET path = ? WHERE action <> ?').run(HOSTILE, 'overflow');
      db.prepare('UPDATE net_events SET domain = ?, path = ?').run(HOSTILE, HOSTILE);
      // A body that no longer matches its row: the NULL-text model call's response must not be read as text.
      db.prepare(
        `UPDATE event_body_blobs SET body_hash = 'blake3:' || substr('0000000000000000000000000000000000000000000000000000000000000000', 1, 64)
        WHERE source_table = 'model_calls' AND direction = 'response' AND event_id = (SELECT event_id FROM model_calls WHERE status_code <> 200 LIMIT 1)`,
      ).run();
      db.prepare('UPDATE model_calls SET text_content = NULL WHERE status_code <> 200').run();
    },
  });
});
afterAll(() => {
  fx?.close();
  hostile?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('transcript export', () => {
  it('HTML: the session, the evidence hashes, each row and body hash; no script, no outside reference', () => {
    const t = listTraces(fx.evidence.db).traces[0]!.traceId;
    const out = exportTranscript(fx.evidence, { traceId: t, format: 'html' });
    expect(out.fileName).toBe(`${fx.evidence.sessionId}-${t}-transcript.html`);
    expect(out.text).toContain(fx.evidence.sessionId);
    expect(out.text).toContain(fx.evidence.hashes.db!.blake3);
    expect(out.text).toContain(fx.evidence.hashes.db!.sha256);
    const tags = new Set([...out.text.matchAll(/<\s*([a-zA-Z][\w-]*)/g)].map((m) => m[1]!.toLowerCase()));
    expect([...tags].filter((x) => !ALLOWED_TAGS.has(x))).toEqual([]);
    expect(out.text).not.toMatch(/\b(src|href|action|srcset|xlink:href)\s*=/i);
    expect(out.text).not.toMatch(/url\(|@import|https?:\/\//i);
    for (const l of transcriptPage(fx.evidence, { traceId: t, limit: 500 }).lines) {
      if (l.row) expect(out.text).toContain(`row ${l.row.table} ${l.row.rowid}`);
      for (const b of l.bodies) expect(out.text).toContain(b.bodyHash!);
    }
  });

  it('JSON lines: a head, then one object per line with its row, bodies and text sources', () => {
    const out = exportTranscript(fx.evidence, { format: 'json' });
    const objs = out.text
      .trimEnd()
      .split('\n')
      .map((x) => JSON.parse(x) as Record<string, unknown>);
    const page = transcriptPage(fx.evidence, { limit: 500 });
    expect(objs[0]).toMatchObject({ type: 'transcript', sessionId: fx.evidence.sessionId, traceId: null, lines: page.total });
    expect((objs[0]!.files as { blake3: string }[]).map((f) => f.blake3)).toContain(fx.evidence.hashes.db!.blake3);
    expect(objs.slice(1)).toEqual(page.lines.map((l) => ({ type: 'line', ...l })));
  });

  it('every format says completeness in its head, as check counts the gaps', () => {
    // The writer's ledger: one body cut at capture, two overflow windows (completeness.test.ts counts them).
    const said = 'gaps: BODY_CUT ×1, FILE_EVENTS_OVERFLOW ×2 (capsem-inspect check says what each means)';
    const json = JSON.parse(exportTranscript(fx.evidence, { format: 'json' }).text.split('\n')[0]!) as { completeness: string };
    expect(json.completeness.startsWith(said)).toBe(true);
    expect(exportTranscript(fx.evidence, { format: 'html' }).text).toContain(`<p>Completeness: ${said}`);
    expect(exportTranscript(fx.evidence, { format: 'md' }).text).toContain(
      'Completeness: gaps: BODY\\_CUT ×1, FILE\\_EVENTS\\_OVERFLOW ×2',
    );
  });

  it('hostile text in every field stays inert in HTML and Markdown, and invisible characters are named', () => {
    const html = exportTranscript(hostile.evidence, { format: 'html' }).text;
    const tags = new Set([...html.matchAll(/<\s*([a-zA-Z][\w-]*)/g)].map((m) => m[1]!.toLowerCase()));
    expect([...tags].filter((x) => !ALLOWED_TAGS.has(x))).toEqual([]);
    expect(html).not.toMatch(/onerror\s*=\s*"/);
    expect(html).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;');
    expect(html).not.toMatch(/[\u202e\u001b\u0000]/);
    expect(html).toContain('⟨RLO U+202E⟩');
    const md = exportTranscript(hostile.evidence, { format: 'md' }).text;
    expect(md).not.toMatch(/[\u202e\u001b\u0000]/);
    // Outside fenced blocks every ledger value sits in a code span, where no renderer makes a tag or a link (linkify
    // would make one of a bare host or URL, escaped or not): with the spans taken out, none is left.
    let fence: string | null = null;
    for (const raw of md.split('\n')) {
      const lineText = raw.replace(/^(> )+/, '').replace(/^>$/, '');
      const m = /^(`{3,})/.exec(lineText);
      if (m) {
        if (fence === null) fence = m[1]!;
        else if (lineText.trim() === fence) fence = null;
        continue;
      }
      if (fence !== null) continue;
      const outside = lineText.replace(/(`+)[\s\S]*?[^`]\1(?!`)/g, '').replace(/\\[<[]/g, '');
      expect(outside).not.toMatch(/[<[]|:\/\/|docs\.example|paste\.example|window\./);
    }
    expect(fence).toBeNull();
  });

  it('a write stopped by its signal ends CANCELLED between pages, writing nothing more', async () => {
    const controller = new AbortController();
    const chunks: string[] = [];
    const sink = (c: string): void => {
      chunks.push(c);
      controller.abort();
    };
    await expect(writeTranscriptAsync(fx.evidence, { format: 'md' }, sink, controller.signal)).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(chunks).toHaveLength(1);
  });

  it('refuses by name to build a download longer than its cap, and says how to write it instead', () => {
    const t = listTraces(fx.evidence.db).traces[0]!.traceId;
    const total = transcriptPage(fx.evidence, { traceId: t, limit: 1 }).total;
    expect(exportTranscript(fx.evidence, { traceId: t, format: 'md' }, total).text).toContain('# Transcript');
    expect(() => exportTranscript(fx.evidence, { traceId: t, format: 'md' }, total - 1)).toThrow(
      expect.objectContaining({
        code: 'EXPORT_FAILED',
        message: expect.stringContaining(`capsem-inspect transcript <path> --trace ${t} -o FILE`),
      }),
    );
  });

  it('a body that fails verification is a finding on its line and its bytes are never shown', () => {
    const mc = rowsOf<{ id: number; trace_id: string }>(
      hostile,
      'SELECT id, trace_id FROM model_calls WHERE status_code <> 200 LIMIT 1',
    )[0]!;
    const line = transcriptPage(hostile.evidence, { traceId: mc.trace_id, limit: 500 }).lines.find(
      (l) => l.row?.table === 'model_calls' && l.row.rowid === mc.id,
    )!;
    expect(line.findings.find((f) => f.kind === 'body_failed')?.message).toMatch(/BODY_HASH_MISMATCH/);
    expect(line.blocks.find((b) => b.label === 'response')).toBeUndefined();
  });
});

// A transcript as one self-contained file (Markdown, HTML or JSON lines), written page by page so a long trace
// never sits in memory as lines: the CLI streams it to a file, the contract hands back the text.
import type { TranscriptExport, TranscriptFormat, TranscriptLine } from '../../../../shared/contract/transcript.js';
import { TRANSCRIPT_PAGE_MAX } from '../../../../shared/contract/transcript.js';
import type { Evidence } from '../../evidence/types.js';
import { InspectorError } from '../../../../shared/errors.js';
import { transcriptPage, transcriptTotal } from '../transcript-page.js';
import type { ExportHead } from './export-head.js';
import { exportHead } from './export-head.js';
import { htmlFoot, htmlHead, htmlLine } from './render-html.js';
import { jsonFoot, jsonHead, jsonLine } from './render-json.js';
import { mdFoot, mdHead, mdLine } from './render-md.js';

interface Renderer {
  head(h: ExportHead): string;
  line(l: TranscriptLine): string;
  foot(): string;
  readonly mime: string;
  readonly ext: string;
}

const RENDERERS: Readonly<Record<TranscriptFormat, Renderer>> = {
  md: { head: mdHead, line: mdLine, foot: mdFoot, mime: 'text/markdown; charset=utf-8', ext: 'md' },
  html: { head: htmlHead, line: htmlLine, foot: htmlFoot, mime: 'text/html; charset=utf-8', ext: 'html' },
  json: { head: jsonHead, line: jsonLine, foot: jsonFoot, mime: 'application/x-ndjson; charset=utf-8', ext: 'jsonl' },
};

export interface ExportOptions {
  readonly traceId?: string;
  readonly format: TranscriptFormat;
}

export function writeTranscript(evidence: Evidence, opts: ExportOptions, sink: (chunk: string) => void): { lines: number } {
  const r = RENDERERS[opts.format];
  let page = transcriptPage(evidence, { traceId: opts.traceId, offset: 0, limit: TRANSCRIPT_PAGE_MAX });
  sink(r.head(exportHead(evidence, opts.traceId ?? null, page.total)));
  for (;;) {
    for (const l of page.lines) sink(r.line(l));
    const next = page.offset + page.lines.length;
    if (page.lines.length === 0 || next >= page.total) break;
    page = transcriptPage(evidence, { traceId: opts.traceId, offset: next, limit: TRANSCRIPT_PAGE_MAX });
  }
  sink(r.foot());
  return { lines: page.total };
}

/** A file name from the session and trace, with anything but letters, digits, `-`, `_` and `.` replaced. */
export function transcriptFileName(sessionId: string, traceId: string | undefined, format: TranscriptFormat): string {
  const safe = (s: string): string => s.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 80);
  return `${safe(sessionId)}-${traceId ? safe(traceId) : 'session'}-transcript.${RENDERERS[format].ext}`;
}

/**
 * Above this many lines the contract refuses to build the file as one string (serve would hold it, then send it as
 * JSON: about 0.9 kB a line, so the 146,930-line trace would be ~130 MB twice over). The CLI and the desktop menu
 * stream any length to a file.
 */
export const EXPORT_TEXT_MAX_LINES = 20_000;

export function exportTranscript(evidence: Evidence, opts: ExportOptions, maxLines = EXPORT_TEXT_MAX_LINES): TranscriptExport {
  const total = transcriptTotal(evidence, opts.traceId ?? null);
  if (total > maxLines) {
    throw new InspectorError(
      'EXPORT_FAILED',
      `this transcript has ${total} lines, more than the ${maxLines} a download can carry here; ` +
        `write it with capsem-inspect transcript <path>${opts.traceId ? ` --trace ${opts.traceId}` : ''} -o FILE (or File › Save Transcript… in the desktop app)`,
    );
  }
  const parts: string[] = [];
  writeTranscript(evidence, opts, (c) => parts.push(c));
  return {
    fileName: transcriptFileName(evidence.sessionId, opts.traceId, opts.format),
    mime: RENDERERS[opts.format].mime,
    text: parts.join(''),
  };
}

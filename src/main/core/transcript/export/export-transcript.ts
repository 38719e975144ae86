// A transcript as one self-contained file (Markdown, HTML or JSON lines), written page by page so a long trace
// never sits in memory as lines: the CLI streams it to a file, the contract hands back the text.
import type { TranscriptExport, TranscriptFormat, TranscriptLine } from '../../../../shared/contract/transcript.js';
import type { Evidence } from '../../evidence/types.js';
import type { HostStop } from '../../completeness/host-stop.js';
import { InspectorError } from '../../../../shared/errors.js';
import { transcriptTotal } from '../transcript-page.js';
import { exportCensus, exportPages } from './export-pages.js';
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
  /** What a host ledger at hand says of the session's stop (hostStopOfEvidence), compared in the head's completeness. */
  readonly hostStop?: HostStop | null;
}

/**
 * The file in pieces: its head, then one piece per page of up to TRANSCRIPT_PAGE_MAX lines (export-pages.ts), then
 * its foot. Every writer (the CLI's file, the desktop's save, serve's download route) takes these pieces, so the
 * bytes are the same whichever writes them, and none holds more than a page of lines.
 */
export function* transcriptChunks(evidence: Evidence, opts: ExportOptions): Generator<string, { lines: number }> {
  const r = RENDERERS[opts.format];
  const traceId = opts.traceId ?? null;
  const census = exportCensus(evidence, traceId);
  yield r.head(exportHead(evidence, traceId, census, opts.hostStop ?? null));
  for (const page of exportPages(evidence, traceId)) if (page.length) yield page.map((l) => r.line(l)).join('');
  yield r.foot();
  return { lines: census.total };
}

export function writeTranscript(evidence: Evidence, opts: ExportOptions, sink: (chunk: string) => void): { lines: number } {
  const it = transcriptChunks(evidence, opts);
  for (;;) {
    const step = it.next();
    if (step.done) return step.value;
    sink(step.value);
  }
}

/**
 * The same file, the thread given back between pages so a long write can be stopped: an aborted signal ends it with
 * CANCELLED (the writer removes what it wrote).
 */
export async function writeTranscriptAsync(
  evidence: Evidence,
  opts: ExportOptions,
  sink: (chunk: string) => void,
  signal: AbortSignal,
): Promise<{ lines: number }> {
  const it = transcriptChunks(evidence, opts);
  for (;;) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (signal.aborted) throw new InspectorError('CANCELLED', 'the transcript was not written: interrupted');
    const step = it.next();
    if (step.done) return step.value;
    sink(step.value);
  }
}

/** The file's name and type, as a download or a save dialog offers it. */
export function transcriptFileInfo(evidence: Evidence, opts: ExportOptions): { fileName: string; mime: string } {
  return { fileName: transcriptFileName(evidence.sessionId, opts.traceId, opts.format), mime: RENDERERS[opts.format].mime };
}

/** A file name from the session and trace, with anything but letters, digits, `-`, `_` and `.` replaced. */
export function transcriptFileName(sessionId: string, traceId: string | undefined, format: TranscriptFormat): string {
  const safe = (s: string): string => s.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 80);
  return `${safe(sessionId)}-${traceId ? safe(traceId) : 'session'}-transcript.${RENDERERS[format].ext}`;
}

/**
 * Above this many lines the contract refuses to build the file as one string (it would be held, then sent as JSON:
 * about 0.9 kB a line, so the 146,930-line trace would be ~130 MB twice over). The CLI and the desktop menu stream
 * any length to a file, and serve's Save button streams any length through its download route
 * (serve/routes/transcript-download.ts).
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

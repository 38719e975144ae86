/**
 * "Save transcript". In serve mode the browser downloads GET /transcript/<ev>?format=&trace= (the token cookie goes
 * with it): the server streams the file as it renders it, so any length saves. The desktop app's button asks the
 * transcript.export channel and saves the text from a blob URL (its File › Save Transcript… menu writes any length
 * to a file); that channel refuses above 20,000 lines, by name.
 */
import { HTTP_ROUTES } from '../../../../shared/contract.js';
import type { TranscriptFormat } from '../../../../shared/contract/transcript.js';
import { client } from '../../api/client.js';
import { clickDownload, downloadBlob } from '../../components/click-download.js';

/** The serve-mode download address of a transcript file. */
export function transcriptDownloadHref(ev: string, trace: string | null, format: TranscriptFormat): string {
  const q = new URLSearchParams({ format, ...(trace ? { trace } : {}) });
  return `${HTTP_ROUTES.transcript}/${encodeURIComponent(ev)}?${q.toString()}`;
}

export async function saveTranscript(
  ev: string,
  trace: string | null,
  format: TranscriptFormat,
): Promise<{ code: string; message: string } | null> {
  if (client.kind === 'http') {
    // The server names the file (Content-Disposition); an empty download attribute keeps its name.
    clickDownload(transcriptDownloadHref(ev, trace, format), null);
    return null;
  }
  const r = await client.call('transcript.export', { evidenceId: ev, format, ...(trace ? { traceId: trace } : {}) });
  if (!r.ok) return r.error;
  downloadBlob(new Blob([r.value.text], { type: r.value.mime }), r.value.fileName);
  return null;
}

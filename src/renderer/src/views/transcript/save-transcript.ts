/**
 * "Save transcript": the core writes the file's text (transcript.export) and the browser saves it as a download
 * from a blob URL, revoked at once. The desktop app's menu item asks the same channel and shows a save dialog.
 */
import type { TranscriptFormat } from '../../../../shared/contract/transcript.js';
import { client } from '../../api/client.js';

export async function saveTranscript(
  ev: string,
  trace: string | null,
  format: TranscriptFormat,
): Promise<{ code: string; message: string } | null> {
  const r = await client.call('transcript.export', { evidenceId: ev, format, ...(trace ? { traceId: trace } : {}) });
  if (!r.ok) return r.error;
  const url = URL.createObjectURL(new Blob([r.value.text], { type: r.value.mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = r.value.fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return null;
}

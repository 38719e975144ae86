/**
 * Serve mode's WARC export, outside the channel table because its file is a download, not a JSON value:
 * POST /warc/<evidenceId> runs the export and answers this once the written file was re-read and every record
 * checked; GET <url> then downloads that same verified file. The facts are the desktop's "WARC export written"
 * notice, so a browser user can check the downloaded file against the digests the server measured.
 */
import { HTTP_ROUTES } from '../contract.js';

export interface ServedWarc {
  /** Where the page downloads the verified file (GET, token cookie). */
  readonly url: string;
  /** `<sessionId>.warc.gz`, the name the desktop's save dialog suggests. */
  readonly fileName: string;
  readonly fileBytes: number;
  readonly indexRows: number;
  readonly resourceRecords: number;
  readonly skipped: number;
  readonly digestAlgorithm: 'blake3' | 'sha256';
  readonly fileSha256: string;
  readonly fileBlake3: string;
}

/** The POST that exports the evidence's WARC on the server. */
export function warcExportPath(evidenceId: string): string {
  return `${HTTP_ROUTES.warc}/${encodeURIComponent(evidenceId)}`;
}

/** The GET of one verified export, named by the ticket the POST answered. */
export function warcDownloadPath(evidenceId: string, ticket: string): string {
  return `${warcExportPath(evidenceId)}/${ticket}`;
}

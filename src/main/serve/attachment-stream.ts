/**
 * A file sent as a browser download: an attachment of known length, piped with backpressure. Once the headers are
 * out, a failure can no longer be answered with a status, so the response is destroyed rather than ended: with
 * Content-Length stated, the browser then marks the download failed, and a partial file never looks complete.
 */
import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { RENDERER_SECURITY_HEADERS } from '../../shared/contract/csp.js';

export interface AttachmentHead {
  /** Letters, digits, `-`, `_` and `.` only: it goes into the header as it is. */
  readonly fileName: string;
  readonly type: string;
  readonly size: number;
}

/** Resolves true once every byte was handed to the socket, false when the send failed or the client went away. */
export async function sendAttachment(res: ServerResponse, source: Readable, head: AttachmentHead): Promise<boolean> {
  res.writeHead(200, {
    ...RENDERER_SECURITY_HEADERS,
    'Content-Type': head.type,
    'Content-Disposition': `attachment; filename="${head.fileName}"`,
    'Content-Length': head.size,
  });
  try {
    await pipeline(source, res);
    return true;
  } catch {
    source.destroy();
    res.destroy();
    return false;
  }
}

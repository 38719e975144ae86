// A download whose source fails part-way must reach the browser as a failed download, never as a shorter file that
// ends cleanly: the response is destroyed, and the stated Content-Length is never met.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { sendAttachment } from '../../../src/main/serve/attachment-stream.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function serveOnce(source: () => Readable, size: number): Promise<{ url: string; sent: Promise<boolean> }> {
  let resolveSent!: (ok: boolean) => void;
  const sent = new Promise<boolean>((r) => (resolveSent = r));
  const server = createServer((_req, res) => {
    void sendAttachment(res, source(), { fileName: 'x.warc.gz', type: 'application/gzip', size }).then(resolveSent);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => {
    server.closeAllConnections();
    return new Promise((r) => server.close(() => r()));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, sent };
}

describe('sendAttachment', () => {
  it('sends the whole file as a named attachment of its length', async () => {
    const bytes = Buffer.from('a whole file');
    const { url, sent } = await serveOnce(() => Readable.from([bytes]), bytes.length);
    const res = await fetch(url);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="x.warc.gz"');
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect(await sent).toBe(true);
  });

  it('destroys the response when the source fails part-way, so the client never reads a complete body', async () => {
    const failing = (): Readable =>
      new Readable({
        read() {
          if (this.readableLength === 0 && !this.destroyed) {
            this.push(Buffer.alloc(1024, 1));
            this.destroy(new Error('disk read failed'));
          }
        },
      });
    const { url, sent } = await serveOnce(failing, 4096);
    // Whether the headers left before the failure or not, the whole body is never read.
    await expect(fetch(url).then((res) => res.arrayBuffer())).rejects.toThrow();
    expect(await sent).toBe(false);
  });
});

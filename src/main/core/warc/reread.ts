/**
 * The re-read before publish: the whole temporary file is parsed by an independent WARC reader (warcio.js) and
 * every record is checked against the plan — version line, headers in order (id, type, URI, date, digest,
 * truncation, type, length), gzip member offset, the block's length recomputed against Content-Length, the block
 * digest recomputed against WARC-Block-Digest, the CRLF CRLF terminator, and the record count.
 * warcio alone is lenient (it warns instead of failing on a short Content-Length), so the checks are ours.
 */
import { createReadStream, statSync } from 'node:fs';
import { HeadersMultiMap, WARCParser } from 'warcio';
import type { Failure } from '../../../shared/errors.js';
import { fail } from '../../../shared/errors.js';
import type { BlockDigester } from './digest.js';
import { createFileHasher } from './digest.js';
import { canonicalHeaderText, fingerprint, type RecordPlan } from './record-plan.js';

export interface RereadOutcome {
  readonly fileBytes: number;
  readonly sha256: string;
  readonly blake3: string;
}

export interface RereadOptions {
  /** The number of bytes the writer wrote; a file of any other size was changed after writing. */
  readonly expectedBytes?: number;
  readonly signal?: AbortSignal;
  readonly onBytes?: (recordsDone: number, bytesDone: number, bytesTotal: number) => void;
}

type RereadResult = { readonly ok: true; readonly value: RereadOutcome } | { readonly ok: false; readonly error: Failure };

const TERMINATOR = '\r\n\r\n';

function mismatch(tempPath: string, index: number, recordId: string, what: string): RereadResult {
  return { ok: false, error: fail('EXPORT_FAILED', `re-read of ${tempPath}: record ${index} (${recordId}) ${what}; the export was not published`) };
}

export async function rereadAgainstPlan(tempPath: string, plan: RecordPlan, digester: BlockDigester, options: RereadOptions = {}): Promise<RereadResult> {
  const fileBytes = statSync(tempPath).size;
  if (options.expectedBytes !== undefined && fileBytes !== options.expectedBytes) {
    // warcio ignores bytes after the last gzip member that do not inflate, so the size is checked here.
    return { ok: false, error: fail('EXPORT_FAILED', `re-read of ${tempPath}: the file holds ${fileBytes} bytes, ${options.expectedBytes} were written; the export was not published`) };
  }
  const fileHasher = await createFileHasher();
  let bytesRead = 0;
  let recordsDone = 0;
  const signal = options.signal;

  // Tap the raw file bytes on their way into warcio: they give the file digests and the progress.
  async function* tapped(): AsyncGenerator<Uint8Array> {
    for await (const chunk of createReadStream(tempPath, { highWaterMark: 1 << 20 })) {
      if (signal?.aborted) throw new Error('cancelled');
      const bytes = chunk as Buffer;
      fileHasher.update(bytes);
      bytesRead += bytes.byteLength;
      options.onBytes?.(recordsDone, bytesRead, fileBytes);
      yield new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
  }

  const parser = new WARCParser(tapped(), { keepHeadersCase: true, parseHttp: false });
  let index = 0;
  for (;;) {
    const record = await parser.parse();
    if (!record) break;
    const parsed = record.warcHeaders.headers;
    // keepHeadersCase gives a Map in file order; anything else means the reader changed under us.
    if (!(parsed instanceof HeadersMultiMap)) throw new Error('warcio did not keep header order (HeadersMultiMap expected)');
    const headers = [...parsed.entries()];
    const recordId = record.warcHeader('WARC-Record-ID') ?? '(no WARC-Record-ID)';
    if (index >= plan.count) return mismatch(tempPath, index, recordId, `is one more than the ${plan.count} planned`);

    let length = 0;
    for await (const chunk of record.reader) {
      digester.update(chunk);
      length += chunk.byteLength;
    }
    const recomputed = digester.finish();
    const declaredLength = record.warcHeader('Content-Length');
    if (declaredLength !== String(length)) {
      return mismatch(tempPath, index, recordId, `holds ${length} block bytes but declares Content-Length ${String(declaredLength)}`);
    }
    const declaredDigest = record.warcHeader('WARC-Block-Digest');
    if (declaredDigest !== recomputed) {
      return mismatch(tempPath, index, recordId, `has block digest ${recomputed} but declares ${String(declaredDigest)}`);
    }
    // The terminator is read here, so a missing or extra byte cannot hide in warcio's tolerance.
    const after = Buffer.from(await parser._reader.readSize(4)).toString('latin1');
    if (after !== TERMINATOR) return mismatch(tempPath, index, recordId, 'does not end with CRLF CRLF');

    const print = fingerprint(parser.offset, canonicalHeaderText(record.warcHeaders.statusline, headers));
    if (!plan.matches(index, print)) {
      return mismatch(tempPath, index, recordId, `differs from the planned record ${plan.idAt(index)} (version line, header fields or gzip member offset)`);
    }
    index += 1;
    recordsDone = index;
    if (signal?.aborted) throw new Error('cancelled');
  }
  if (index !== plan.count) {
    return { ok: false, error: fail('EXPORT_FAILED', `re-read of ${tempPath}: ${index} records parsed, ${plan.count} planned; the export was not published`) };
  }
  if (bytesRead !== fileBytes) {
    return { ok: false, error: fail('EXPORT_FAILED', `re-read of ${tempPath}: ${bytesRead} of ${fileBytes} bytes read; the export was not published`) };
  }
  const digests = fileHasher.finish();
  return { ok: true, value: { fileBytes, sha256: digests.sha256, blake3: digests.blake3 } };
}

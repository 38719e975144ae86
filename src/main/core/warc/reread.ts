/**
 * The re-read before publish. The whole temporary file is read back from disk, front to back, and checked against
 * the plan, trusting nothing the writer kept in memory except what it meant to write:
 * - the gzip layer (gzip-member.ts): the file is cut at the planned member lengths and every piece must be exactly
 *   one complete gzip member (header, deflate stream, CRC-32 and ISIZE) inflating to the planned record length;
 *   the pieces must tile the file with no byte left over;
 * - the WARC layer, parsed by an independent reader (warcio.js) from each member's bytes: version line, headers in
 *   order (id, type, URI, date, digest, truncation, type, length) and the member offset, as a fingerprint against
 *   the plan; the block's length recomputed against Content-Length; the block digest recomputed against
 *   WARC-Block-Digest; the CRLF CRLF terminator; and nothing after it in the member (one record per member).
 * warcio alone is lenient (it warns instead of failing on a short Content-Length and skips stray blank lines), so
 * those checks are ours. The inflate is zlib's rather than warcio's own JavaScript one: fed a multi-member file,
 * warcio copies the rest of its input chunk at every member end (quadratic in records per chunk), which made the
 * re-read 70% of the export.
 */
import { statSync } from 'node:fs';
import { AsyncIterReader, HeadersMultiMap, WARCParser } from 'warcio';
import type { Failure } from '../../../shared/errors.js';
import { fail } from '../../../shared/errors.js';
import type { BlockDigester } from './digest.js';
import { createFileHasher, digestBlock } from './digest.js';
import { inflateOneMember } from './gzip-member.js';
import { canonicalHeaderText, fingerprint, type RecordPlan } from './record-plan.js';
import { SequentialReader } from './sequential-reader.js';

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
const YIELD_EVERY_MS = 50;

function refuse(tempPath: string, what: string): RereadResult {
  return { ok: false, error: fail('EXPORT_FAILED', `re-read of ${tempPath}: ${what}; the export was not published`) };
}

export async function rereadAgainstPlan(
  tempPath: string,
  plan: RecordPlan,
  digester: BlockDigester,
  options: RereadOptions = {},
): Promise<RereadResult> {
  const fileBytes = statSync(tempPath).size;
  if (options.expectedBytes !== undefined && fileBytes !== options.expectedBytes) {
    return refuse(tempPath, `the file holds ${fileBytes} bytes, ${options.expectedBytes} were written`);
  }
  const fileHasher = await createFileHasher();
  const reader = new SequentialReader(tempPath);
  let lastYield = 0; // the first record starts with a turn of the event loop
  try {
    for (let index = 0; index < plan.count; index += 1) {
      // warcio settles on microtasks only; a full turn of the event loop now and then (timers, I/O, messages: a
      // timer rather than setImmediate, which can run before due timers) lets a cancel arrive whatever sends it.
      if (Date.now() - lastYield >= YIELD_EVERY_MS) {
        await new Promise<void>((resolve) => setTimeout(resolve, 0));
        lastYield = Date.now();
      }
      if (options.signal?.aborted) throw new Error('cancelled');
      const at = reader.offset;
      const planned = plan.memberBytesAt(index);
      const member = reader.take(planned);
      fileHasher.update(member);
      const name = `record ${index} (${plan.idAt(index)}, gzip member at offset ${at})`;
      if (member.length < planned) {
        return refuse(
          tempPath,
          `the file ends at ${at + member.length}, inside ${name} (${planned} bytes planned); ${index} records parsed, ${plan.count} planned`,
        );
      }
      const inflated = inflateOneMember(member, plan.recordBytesAt(index));
      if (!inflated.ok) return refuse(tempPath, `${name} ${inflated.reason}`);
      if (inflated.bytes.length !== plan.recordBytesAt(index)) {
        return refuse(tempPath, `${name} inflates to ${inflated.bytes.length} bytes, ${plan.recordBytesAt(index)} planned`);
      }
      const problem = await checkRecord(inflated.bytes, at, index, plan, digester);
      if (problem !== null) return refuse(tempPath, `${name} ${problem}`);
      options.onBytes?.(index + 1, reader.offset, fileBytes);
    }
    const extra = reader.take(1);
    if (extra.length > 0 || reader.offset !== fileBytes) {
      return refuse(tempPath, `bytes follow the ${plan.count} planned records at offset ${reader.offset - extra.length}`);
    }
  } finally {
    reader.close();
  }
  const digests = fileHasher.finish();
  return { ok: true, value: { fileBytes, sha256: digests.sha256, blake3: digests.blake3 } };
}

/** One member's bytes through warcio: exactly one record, as planned, and nothing after it. Null when it holds. */
async function checkRecord(
  bytes: Buffer,
  memberOffset: number,
  index: number,
  plan: RecordPlan,
  digester: BlockDigester,
): Promise<string | null> {
  // `null`: not compressed (the gzip layer is already undone), so warcio reads the record bytes as they are.
  const source = new AsyncIterReader([bytes], null);
  const parser = new WARCParser(source, { keepHeadersCase: true, parseHttp: false });
  const record = await parser.parse();
  if (!record) return 'holds no WARC record';
  const parsed = record.warcHeaders.headers;
  // keepHeadersCase gives a Map in file order; anything else means the reader changed under us.
  if (!(parsed instanceof HeadersMultiMap)) throw new Error('warcio did not keep header order (HeadersMultiMap expected)');
  const headers = [...parsed.entries()];

  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of record.reader) {
    chunks.push(chunk);
    length += chunk.byteLength;
  }
  const block = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length);
  const declaredLength = record.warcHeader('Content-Length');
  if (declaredLength !== String(length)) return `holds ${length} block bytes but declares Content-Length ${String(declaredLength)}`;
  const recomputed = digestBlock(digester, block);
  const declaredDigest = record.warcHeader('WARC-Block-Digest');
  if (declaredDigest !== recomputed) return `has block digest ${recomputed} but declares ${String(declaredDigest)}`;
  // The terminator is read here, so a missing or extra byte cannot hide in warcio's tolerance.
  const after = Buffer.from(await source.readSize(4)).toString('latin1');
  if (after !== TERMINATOR) return 'does not end with CRLF CRLF';
  if ((await source.readSize(1)).length > 0) return 'holds bytes after its record (one record per member)';

  const print = fingerprint(memberOffset, canonicalHeaderText(record.warcHeaders.statusline, headers));
  if (!plan.matches(index, print))
    return `differs from the planned record ${plan.idAt(index)} (version line, header fields or gzip member offset)`;
  return null;
}

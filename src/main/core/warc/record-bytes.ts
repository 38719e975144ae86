/**
 * The bytes of one WARC record, in the fixed header order of docs/formats/warc-export.md#record-bytes:
 * version line, WARC-Type, WARC-Record-ID, [WARC-Target-URI], WARC-Date, WARC-Block-Digest,
 * [WARC-Truncated], Content-Type, Content-Length, blank line, block, CRLF CRLF.
 */
import { InspectorError } from '../../../shared/errors.js';

export type WarcRecordType = 'warcinfo' | 'resource';

/** Everything a record says about itself, before serialisation. */
export interface WarcRecordSpec {
  readonly type: WarcRecordType;
  /** Without angle brackets, e.g. `urn:capsem:s1:net_events:0123456789ab:request`. */
  readonly recordId: string;
  /** Required for `resource`, absent for `warcinfo`. */
  readonly targetUri: string | null;
  readonly date: string;
  /** Labelled digest of `block`, e.g. `blake3:…`. */
  readonly blockDigest: string;
  readonly truncated: boolean;
  readonly contentType: string;
  readonly block: Uint8Array;
}

const CRLF = '\r\n';
const TERMINATOR = Buffer.from('\r\n\r\n', 'latin1');

/** The header lines (name, value) in the order they are written. */
export function recordHeaders(spec: WarcRecordSpec): Array<readonly [string, string]> {
  const headers: Array<readonly [string, string]> = [
    ['WARC-Type', spec.type],
    ['WARC-Record-ID', `<${spec.recordId}>`],
  ];
  if (spec.targetUri !== null) headers.push(['WARC-Target-URI', spec.targetUri]);
  headers.push(['WARC-Date', spec.date], ['WARC-Block-Digest', spec.blockDigest]);
  if (spec.truncated) headers.push(['WARC-Truncated', 'length']);
  headers.push(['Content-Type', spec.contentType], ['Content-Length', String(spec.block.byteLength)]);
  return headers;
}

/**
 * Serialises a record. Refuses (throws EXPORT_FAILED) a header value holding CR or LF, and a non-warcinfo record
 * without a target URI, before anything is produced: a reader would otherwise parse a forged header.
 */
export function serialiseRecord(spec: WarcRecordSpec): Buffer {
  return Buffer.concat(serialiseRecordParts(spec));
}

/** serialiseRecord's bytes as head, block and terminator, so a caller can copy the block once to where it goes. */
export function serialiseRecordParts(spec: WarcRecordSpec): [Buffer, Uint8Array, Buffer] {
  if (spec.type !== 'warcinfo' && spec.targetUri === null) {
    throw new InspectorError('EXPORT_FAILED', `record ${spec.recordId}: a ${spec.type} record needs a WARC-Target-URI`);
  }
  if (spec.type === 'warcinfo' && spec.targetUri !== null) {
    throw new InspectorError('EXPORT_FAILED', `record ${spec.recordId}: a warcinfo record must not have a WARC-Target-URI`);
  }
  let head = `WARC/1.1${CRLF}`;
  for (const [name, value] of recordHeaders(spec)) {
    if (/[\r\n]/.test(value)) {
      throw new InspectorError('EXPORT_FAILED', `record ${spec.recordId}: header ${name} contains CR or LF and cannot be written`);
    }
    head += `${name}: ${value}${CRLF}`;
  }
  head += CRLF;
  return [Buffer.from(head, 'utf8'), spec.block, TERMINATOR];
}

/**
 * The gzip layer of the re-read: proves that a piece of the file is exactly one complete gzip member (RFC 1952) and
 * returns what it holds. The header is parsed here (every flag honoured, reserved bits refused, the header CRC
 * checked when present), the deflate stream is inflated by zlib (native, so the re-read costs a fraction of the
 * write), and the trailer's CRC-32 and ISIZE are compared with the inflated bytes. A second member, padding or any
 * other byte after the trailer is refused: the export promises one member per record and nothing else.
 */
import { crc32, inflateRawSync } from 'node:zlib';

export type MemberInflate = { readonly ok: true; readonly bytes: Buffer } | { readonly ok: false; readonly reason: string };

const FHCRC = 0x02;
const FEXTRA = 0x04;
const FNAME = 0x08;
const FCOMMENT = 0x10;
const RESERVED = 0xe0;

function bad(reason: string): MemberInflate {
  return { ok: false, reason };
}

/** Length of the member header, or a reason it is not one. */
function headerLength(m: Buffer): number | string {
  if (m.length < 18) return `is ${m.length} bytes, shorter than any gzip member`;
  if (m[0] !== 0x1f || m[1] !== 0x8b) return 'does not start with the gzip magic bytes';
  if (m[2] !== 8) return `names compression method ${m[2]}, not deflate`;
  const flags = m[3]!;
  if ((flags & RESERVED) !== 0) return `sets reserved gzip flag bits (0x${flags.toString(16)})`;
  let at = 10;
  if (flags & FEXTRA) {
    if (at + 2 > m.length) return 'ends inside its gzip extra field';
    at += 2 + m.readUInt16LE(at);
  }
  for (const flag of [FNAME, FCOMMENT]) {
    if (!(flags & flag)) continue;
    const end = m.indexOf(0, at);
    if (end < 0) return 'ends inside its gzip name or comment';
    at = end + 1;
  }
  if (flags & FHCRC) {
    if (at + 2 > m.length) return 'ends inside its gzip header CRC';
    if ((crc32(m.subarray(0, at)) & 0xffff) !== m.readUInt16LE(at)) return 'has a gzip header CRC that does not match its header';
    at += 2;
  }
  return at > m.length ? 'ends inside its gzip header' : at;
}

/**
 * Inflates `member`, which must be exactly one gzip member. `maxOutput` bounds the inflated size (the planned
 * record length): a member that inflates to more is refused before the bytes are held.
 */
export function inflateOneMember(member: Buffer, maxOutput: number): MemberInflate {
  const header = headerLength(member);
  if (typeof header === 'string') return bad(header);
  let bytes: Buffer;
  let consumed: number;
  try {
    const result = inflateRawSync(member.subarray(header), { info: true, maxOutputLength: Math.max(1, maxOutput) }) as unknown as {
      buffer: Buffer;
      engine: { bytesWritten: number };
    };
    bytes = result.buffer;
    consumed = result.engine.bytesWritten;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return bad(
      code === 'ERR_BUFFER_TOO_LARGE'
        ? `inflates to more than the ${maxOutput} bytes planned`
        : `does not inflate: ${(error as Error).message}`,
    );
  }
  const trailerAt = header + consumed;
  if (member.length - trailerAt !== 8) {
    return bad(
      member.length - trailerAt < 8
        ? 'ends inside its gzip trailer'
        : `has ${member.length - trailerAt - 8} bytes after its gzip trailer (a second member or padding)`,
    );
  }
  if (member.readUInt32LE(trailerAt) !== crc32(bytes)) return bad('has a gzip CRC-32 that does not match its inflated bytes');
  if (member.readUInt32LE(trailerAt + 4) !== bytes.length % 2 ** 32) return bad('has a gzip ISIZE that does not match its inflated length');
  return { ok: true, bytes };
}

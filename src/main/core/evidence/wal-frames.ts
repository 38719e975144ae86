/**
 * What SQLite would replay of a -wal (sqlite.org/fileformat2.html §4): the header's magic and salts, then frames
 * while each one's salts match and its cumulative checksum holds; only frames up to the last commit frame count.
 * A -wal that fails at its header (a multi-GiB file of zeros, say) is settled after 32 bytes; a valid one is read
 * once, page by page, which costs no more than the hash every copied file gets anyway.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

export interface WalFacts {
  readonly bytes: number;
  /** Frames SQLite replays (up to and with the last commit frame). */
  readonly committedFrames: number;
  /** Valid frames after the last commit (a transaction that never committed): ignored. */
  readonly framesPastCommit: number;
  /** Why nothing or not everything is replayed, in a few words; null when every valid frame is committed. */
  readonly problem: string | null;
}

const HEADER = 32;
const FRAME_HEADER = 24;

function checksum(buf: Buffer, bigEndian: boolean, s: [number, number]): void {
  for (let i = 0; i + 8 <= buf.length; i += 8) {
    const a = bigEndian ? buf.readUInt32BE(i) : buf.readUInt32LE(i);
    const b = bigEndian ? buf.readUInt32BE(i + 4) : buf.readUInt32LE(i + 4);
    s[0] = (s[0] + a + s[1]) >>> 0;
    s[1] = (s[1] + b + s[0]) >>> 0;
  }
}

export function readWalFacts(path: string): WalFacts {
  const fd = openSync(path, 'r');
  try {
    const bytes = fstatSync(fd).size;
    const none = (problem: string): WalFacts => ({ bytes, committedFrames: 0, framesPastCommit: 0, problem });
    if (bytes === 0) return { bytes, committedFrames: 0, framesPastCommit: 0, problem: null };
    const head = Buffer.alloc(HEADER);
    if (readSync(fd, head, 0, HEADER, 0) < HEADER) return none('shorter than its 32-byte header');
    const magic = head.readUInt32BE(0);
    if (magic !== 0x377f0682 && magic !== 0x377f0683)
      return none(`no valid frames: the header's magic is 0x${magic.toString(16).padStart(8, '0')}, not a -wal's`);
    const bigEndian = magic === 0x377f0683;
    const pageSize = head.readUInt32BE(8);
    if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0)
      return none(`no valid frames: page size ${pageSize} in its header`);
    const s: [number, number] = [0, 0];
    checksum(head.subarray(0, 24), bigEndian, s);
    if (head.readUInt32BE(24) !== s[0] || head.readUInt32BE(28) !== s[1])
      return none('no valid frames: its header checksum does not match');
    const salt1 = head.readUInt32BE(16);
    const salt2 = head.readUInt32BE(20);
    const frame = Buffer.alloc(FRAME_HEADER + pageSize);
    let valid = 0;
    let committed = 0;
    let at = HEADER;
    while (at + frame.length <= bytes) {
      if (readSync(fd, frame, 0, frame.length, at) < frame.length) break;
      if (frame.readUInt32BE(8) !== salt1 || frame.readUInt32BE(12) !== salt2) break;
      const next: [number, number] = [s[0], s[1]];
      checksum(frame.subarray(0, 8), bigEndian, next);
      checksum(frame.subarray(FRAME_HEADER), bigEndian, next);
      if (frame.readUInt32BE(16) !== next[0] || frame.readUInt32BE(20) !== next[1]) break;
      s[0] = next[0];
      s[1] = next[1];
      valid += 1;
      if (frame.readUInt32BE(4) !== 0) committed = valid;
      at += frame.length;
    }
    // Frames after the valid ones (old salts from before a checkpoint) are normal reuse of the file, not a problem.
    const past = valid - committed;
    const problem =
      valid === 0
        ? 'no valid frames after its header'
        : past > 0
          ? `${past} frame${past === 1 ? '' : 's'} past the last commit (never committed)`
          : null;
    return { bytes, committedFrames: committed, framesPastCommit: past, problem };
  } finally {
    closeSync(fd);
  }
}

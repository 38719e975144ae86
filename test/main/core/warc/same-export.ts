// Two exports of one ledger, compared as far as they can be equal. Each run draws its export id at random and reads
// the clock for its export date, and both appear only in the opening and closing warcinfo records (their record ids,
// WARC-Date and fields, and so those blocks' digests); nothing offers to pin them outside the core's own tests. So
// every resource record's gzip member must be the same bytes, and each warcinfo record the same text once the one
// run's id and date are written in place of the other's and its block digest taken again over the result (after
// checking the digest it came with). Id and date are fixed-width, so no length moves.
import { inflateRawSync } from 'node:zlib';
import { expect } from 'vitest';
import { createBlockDigester, digestBlock } from '../../../../src/main/core/warc/digest.js';
import type { BlockDigester } from '../../../../src/main/core/warc/digest.js';

/** The file's gzip members, each as its own bytes (the export writes one per record, with a plain 10-byte header). */
export function gzipMembers(file: Buffer): Buffer[] {
  const members: Buffer[] = [];
  let at = 0;
  while (at < file.length) {
    if (file[at] !== 0x1f || file[at + 1] !== 0x8b || file[at + 3] !== 0) throw new Error(`no plain gzip member at byte ${at}`);
    const { engine } = inflateRawSync(file.subarray(at + 10), { info: true }) as unknown as { engine: { bytesWritten: number } };
    const end = at + 10 + engine.bytesWritten + 8;
    members.push(file.subarray(at, end));
    at = end;
  }
  return members;
}

/** A record's text, byte for byte (latin1 keeps every byte as one character). */
const inflate = (member: Buffer): string => inflateRawSync(member.subarray(10)).toString('latin1');

function idAndDate(opening: string): { id: string; date: string } {
  const id = /:warcinfo:opening:([0-9a-f]{32})>/.exec(opening)?.[1];
  const date = /\r\nWARC-Date: (\S+)\r\n/.exec(opening)?.[1];
  if (!id || !date) throw new Error('the first record is not an opening warcinfo record');
  return { id, date };
}

const DIGEST_LINE = /\r\nWARC-Block-Digest: (\S+)\r\n/;

/** A warcinfo record with another run's id and date, its block digest checked and then taken over the new block. */
function pinned(record: string, from: { id: string; date: string }, to: { id: string; date: string }, d: BlockDigester): string {
  const headEnd = record.indexOf('\r\n\r\n') + 4;
  const head = record.slice(0, headEnd);
  const block = record.slice(headEnd, -4);
  expect(DIGEST_LINE.exec(head)?.[1]).toBe(digestBlock(d, Buffer.from(block, 'latin1')));
  const swap = (text: string): string => text.split(from.id).join(to.id).split(from.date).join(to.date);
  const newBlock = swap(block);
  const newHead = swap(head).replace(DIGEST_LINE, `\r\nWARC-Block-Digest: ${digestBlock(d, Buffer.from(newBlock, 'latin1'))}\r\n`);
  return `${newHead}${newBlock}${record.slice(-4)}`;
}

/** Asserts `served` is `cli` but for the export id and date; returns the number of resource records compared. */
export async function expectSameExport(served: Buffer, cli: Buffer): Promise<number> {
  const a = gzipMembers(served);
  const b = gzipMembers(cli);
  expect(a.length).toBe(b.length);
  expect(a.length).toBeGreaterThanOrEqual(2);
  for (let i = 1; i < a.length - 1; i++) expect(a[i]!.equals(b[i]!), `resource record member ${i}`).toBe(true);
  const from = idAndDate(inflate(a[0]!));
  const to = idAndDate(inflate(b[0]!));
  const d = await createBlockDigester('blake3');
  for (const i of [0, a.length - 1]) expect(pinned(inflate(a[i]!), from, to, d), `warcinfo member ${i}`).toBe(inflate(b[i]!));
  return a.length - 2;
}

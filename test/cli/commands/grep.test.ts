// capsem-inspect grep over fixture ledgers with planted strings: every match found at the right event_id, table,
// direction and offset (none invented), wherever the string lies (split across segments, near a block's end, in a
// truncated body, inside a msgpack payload); a damaged body reported and not searched; fixed, regex,
// case-insensitive and hex patterns; exit codes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decode, encode } from '@msgpack/msgpack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../../src/cli/commands/grep.js';
import { captureIo } from '../../../src/cli/io.js';
import type { ContentBody } from '../../fixtures/writer/content-types.js';
import { writeLedger, type WrittenLedger } from '../../fixtures/writer/ledger-writer.js';

const NEEDLE = 'PLANTED-Needle-7f3a';
const te = new TextEncoder();
const root = mkdtempSync(join(tmpdir(), 'cli-grep-'));
let clean: WrittenLedger;
let damaged: WrittenLedger;

/** The needle at the start, the middle and the end of every body, and every 1777 bytes of a long one. */
function plant(b: ContentBody): Uint8Array {
  if (b.contentType?.includes('msgpack')) {
    const payload = decode(b.bytes) as Record<string, unknown>;
    return encode({ ...payload, note: `operator said ${NEEDLE} here` }, { ignoreUndefined: true });
  }
  const at = new Set([0, b.bytes.length >> 1, b.bytes.length]);
  for (let p = 1777; p < b.bytes.length; p += 1777) at.add(p);
  const cuts = [...at].sort((x, y) => x - y);
  const parts: Uint8Array[] = [];
  let from = 0;
  for (const c of cuts) {
    parts.push(b.bytes.subarray(from, c), te.encode(NEEDLE));
    from = c;
  }
  parts.push(b.bytes.subarray(from));
  return Buffer.concat(parts);
}

beforeAll(async () => {
  const opts = { generation: 'A4' as const, bodyScale: 3, plant, segmentBytes: 1500, targetBlockBytes: 12 * 1024, splitBodies: true };
  clean = await writeLedger(join(root, 'clean'), opts);
  damaged = await writeLedger(join(root, 'damaged'), { ...opts, damage: 'flip-payload-byte' });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Line = Record<string, unknown> & { type: string };

async function grep(args: string[]): Promise<{ code: number; lines: Line[]; err: string; out: string }> {
  const io = captureIo();
  const code = await run(args, io);
  const lines = io.out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Line);
  return { code, lines, err: io.err, out: io.out };
}

const key = (m: Line): string => `${String(m.eventId)} ${String(m.sourceTable)}/${String(m.direction)} ${String(m.offset)}`;

/** Every occurrence of `needle` in the written bodies, found here with a plain scan (not the product's code). */
function expected(l: WrittenLedger, needle: Uint8Array, skip: (k: string) => boolean = () => false): string[] {
  const out: string[] = [];
  for (const b of l.bodies) {
    if (b.injected || skip(`${b.key.eventId}/${b.key.sourceTable}/${b.key.direction}`)) continue;
    const hay = Buffer.from(b.bytes);
    for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + needle.length))
      out.push(`${b.key.eventId} ${b.key.sourceTable}/${b.key.direction} ${at}`);
  }
  return out.sort();
}

const bodyMatches = (lines: Line[]): string[] =>
  lines
    .filter((m) => m.type === 'match' && m.in === 'body')
    .map(key)
    .sort();

describe('capsem-inspect grep: planted strings in bodies', () => {
  it('finds every planted needle at its event_id, table, direction and byte offset, and nothing else', async () => {
    const r = await grep(['-F', NEEDLE, clean.sessionDir, '--json']);
    expect(r.code).toBe(0);
    const want = expected(clean, te.encode(NEEDLE));
    expect(want.length).toBeGreaterThan(100);
    expect(bodyMatches(r.lines)).toEqual(want);
    const summary = r.lines.find((m) => m.type === 'summary')!;
    expect(summary.verified).toBe(clean.bodies.length);
    expect(summary.failed).toBe(0);
    // Every match carries its own bytes as context.
    for (const m of r.lines.filter((x) => x.type === 'match')) expect(m.match).toBe(NEEDLE);
  });

  it('the planted set covers a match split across two segments, one ending near a block end, a truncated body and a msgpack payload', async () => {
    const r = await grep(['-F', NEEDLE, clean.sessionDir, '--json']);
    const found = new Set(bodyMatches(r.lines));
    const archive = clean.archive!;
    let acrossSegments = 0;
    let nearBlockEnd = 0;
    for (const b of clean.bodies) {
      const block = archive.blocks.find((k) => k.blockOffset === b.row.blockOffset)!;
      const hay = Buffer.from(b.bytes);
      for (let at = hay.indexOf(NEEDLE); at >= 0; at = hay.indexOf(NEEDLE, at + NEEDLE.length)) {
        expect(found.has(`${b.key.eventId} ${b.key.sourceTable}/${b.key.direction} ${at}`)).toBe(true);
        const start = b.row.bodyOffset! + at;
        const end = start + NEEDLE.length;
        if (block.segments.some((s) => s.rawStart > start && s.rawStart < end)) acrossSegments += 1;
        if (end >= block.rawLen - 64) nearBlockEnd += 1;
      }
    }
    expect(acrossSegments).toBeGreaterThan(0);
    expect(nearBlockEnd).toBeGreaterThan(0);
    const truncated = clean.bodies.find((b) => b.row.truncated)!;
    expect(truncated).toBeDefined();
    expect(
      found.has(
        `${truncated.key.eventId} ${truncated.key.sourceTable}/${truncated.key.direction} ${truncated.bytes.length - NEEDLE.length}`,
      ),
    ).toBe(true);
    const msgpack = clean.bodies.find((b) => b.row.contentType?.includes('msgpack'))!;
    const inPayload = [...found].filter((k) => k.startsWith(`${msgpack.key.eventId} ${msgpack.key.sourceTable}/${msgpack.key.direction} `));
    expect(inPayload.length).toBe(1);
  });

  it('regex, case-insensitive and hex patterns find the same places', async () => {
    const want = expected(clean, te.encode(NEEDLE));
    const regex = await grep(['PLANTED-Needle-[0-9a-f]{4}', clean.sessionDir, '--json']);
    expect(bodyMatches(regex.lines)).toEqual(want);
    const caseless = await grep(['-F', '-i', NEEDLE.toLowerCase(), clean.sessionDir, '--json']);
    expect(bodyMatches(caseless.lines)).toEqual(want);
    const regexCaseless = await grep(['-i', 'planted-NEEDLE-7F3A', clean.sessionDir, '--json']);
    expect(bodyMatches(regexCaseless.lines)).toEqual(want);
    const hex = await grep(['--hex', Buffer.from(NEEDLE).toString('hex').replace(/(..)/g, '$1 ').trim(), clean.sessionDir, '--json']);
    expect(bodyMatches(hex.lines)).toEqual(want);
    // Case matters without -i.
    const wrongCase = await grep(['-F', NEEDLE.toLowerCase(), clean.sessionDir, '--json', '--table', 'net_events']);
    expect(bodyMatches(wrongCase.lines)).toEqual([]);
  });

  it('--table and --direction narrow the bodies searched; --count and --max count and stop', async () => {
    const want = expected(clean, te.encode(NEEDLE)).filter((k) => k.includes(' net_events/request '));
    const r = await grep(['-F', NEEDLE, clean.sessionDir, '--json', '--table', 'net_events', '--direction', 'request']);
    expect(bodyMatches(r.lines)).toEqual(want);
    const counted = await grep(['-F', NEEDLE, clean.sessionDir, '--count']);
    expect(counted.out).toBe(`${expected(clean, te.encode(NEEDLE)).length}\n`);
    const capped = await grep(['-F', NEEDLE, clean.sessionDir, '--json', '--max', '3']);
    expect(capped.code).toBe(0);
    expect(capped.lines.filter((m) => m.type === 'match')).toHaveLength(3);
  });

  it('reports a damaged body as not searched and never reports a match inside it', async () => {
    const affected = new Set(damaged.damage!.affected.map((k) => `${k.eventId}/${k.sourceTable}/${k.direction}`));
    expect(affected.size).toBeGreaterThan(0);
    const r = await grep(['-F', NEEDLE, damaged.sessionDir, '--json']);
    expect(r.code).toBe(0);
    const reported = new Set(
      r.lines.filter((m) => m.type === 'damaged').map((m) => `${String(m.eventId)}/${String(m.sourceTable)}/${String(m.direction)}`),
    );
    expect(reported).toEqual(affected);
    expect(bodyMatches(r.lines)).toEqual(expected(damaged, te.encode(NEEDLE), (k) => affected.has(k)));
    const text = await grep(['-F', NEEDLE, damaged.sessionDir]);
    expect(text.err).toMatch(/not searched: \S+ \S+\/\S+ failed verification \((SEGMENT_HASH_MISMATCH|DECODE_FAILED|BODY_HASH_MISMATCH)\)/);
  });

  it('searches the bodies of a pre-archive (L0) ledger, kept in SQLite, after checking their hashes', async () => {
    const l0 = await writeLedger(join(root, 'l0'), { generation: 'L0', bodyScale: 1, plant });
    const r = await grep(['-F', NEEDLE, l0.sessionDir, '--json']);
    expect(r.code).toBe(0);
    expect(bodyMatches(r.lines)).toEqual(expected(l0, te.encode(NEEDLE)));
  });

  it('searches the text columns too, naming table, column and rowid', async () => {
    const r = await grep(['-F', 'api.anthropic.com', clean.sessionDir, '--json', '--table', 'net_events']);
    const cols = r.lines.filter((m) => m.type === 'match' && m.in === 'column');
    expect(cols.length).toBeGreaterThan(0);
    expect(cols.every((m) => m.table === 'net_events' && typeof m.rowid === 'number')).toBe(true);
    expect(cols.some((m) => m.column === 'domain' && m.offset === 0)).toBe(true);
  });
});

describe('capsem-inspect grep: output and exit codes', () => {
  it('prints one line per match: event_id source_table/direction offset, then the context', async () => {
    const r = await grep(['-F', NEEDLE, clean.sessionDir, '--table', 'net_events', '--direction', 'request']);
    const first = r.out.split('\n')[0]!;
    expect(first).toMatch(new RegExp(`^[0-9a-f]{12} net_events/request \\d+  .*${NEEDLE}`));
    expect(r.err).toMatch(/searched \d+ verified bodies/);
  });

  it('exits 1 when nothing matched, 2 on usage, pattern and open errors', async () => {
    expect((await grep(['-F', 'no-such-string-anywhere-31337', clean.sessionDir])).code).toBe(1);
    expect((await grep([clean.sessionDir])).code).toBe(2);
    expect((await grep(['-F', '-E', 'x', clean.sessionDir])).code).toBe(2);
    const backref = await grep(['(a)\\1', clean.sessionDir]);
    expect(backref.code).toBe(2);
    expect(backref.err).toMatch(/BAD_PATTERN/);
    const hex = await grep(['--hex', 'zz', clean.sessionDir]);
    expect(hex.code).toBe(2);
    expect(hex.err).toMatch(/BAD_PATTERN/);
    const missing = await grep(['-F', 'x', join(root, 'nowhere')]);
    expect(missing.code).toBe(2);
  });

  it('takes a pattern that starts with a dash after -e or --, and finds the same as any pattern', async () => {
    // Searched, nothing found (exit 1, the summary line): not refused as an unknown option (exit 2).
    const e = await grep(['-F', '-e', '-no-such-dash-pattern-31337', clean.sessionDir]);
    expect([e.code, e.err]).toEqual([1, expect.stringMatching(/^searched .* 0 matches\n$/)]);
    const dashes = await grep(['-F', '--', '-no-such-dash-pattern-31337', clean.sessionDir]);
    expect([dashes.code, dashes.err]).toEqual([1, expect.stringMatching(/^searched .* 0 matches\n$/)]);
    expect((await grep(['-F', '-no-such-dash-pattern-31337', clean.sessionDir])).code).toBe(2);
    expect((await grep(['--secrets', '-e', 'x', clean.sessionDir])).code).toBe(2);
  });

  it('shows hostile context inert: escapes, bidi controls and backslashes are escaped', async () => {
    const { terminalSafe } = await import('../../../src/cli/text/grep-lines.js');
    expect(terminalSafe('a\u001b[31mb\u202ec\\d\n')).toBe('a\\u001b[31mb\\u202ec\\\\d\\n');
  });
});

/**
 * Small valid archives of every generation and codec, built from code (deterministic), as seeds for the
 * property tests and the fuzzer. Kept small (a few KiB, several blocks and segments) so one open + read of
 * every body takes about a millisecond and a 1 s outlier means a real hang.
 */
import type { ArchiveState, BlockRow, BodyIndexRow, BodyKey } from '../../../src/shared/ledger-types.js';
import { encodeArchive } from '../../fixtures/writer/archive-encoder.js';
import { asUuidV4 } from '../../fixtures/writer/archive-layout.js';
import type { CodecName, EncodedArchive, SegmentItem } from '../../fixtures/writer/archive-plan.js';
import { planBlocks } from '../../fixtures/writer/plan-blocks.js';
import { Prng } from '../../fixtures/writer/prng.js';

/** Everything a reader needs besides the bytes: the index rows and block rows SQLite would hold. */
export interface ArchiveSeed {
  readonly name: string;
  readonly version: 1 | 2 | 3;
  /** v3: the generation file name (g-<hex>.cbl); the seed is opened as a generation directory. */
  readonly fileName: string | null;
  readonly state: ArchiveState | null;
  readonly rows: readonly BodyIndexRow[];
  readonly blocks: readonly BlockRow[];
  readonly bytes: Uint8Array;
  /** Expected bytes by key string (eventId/sourceTable/direction). */
  readonly expected: ReadonlyMap<string, Uint8Array>;
  /** File offsets of every length-bearing header field (u32 LE), for targeted length forgeries. */
  readonly lengthFields: readonly number[];
}

export const keyOf = (k: BodyKey): string => `${k.eventId}/${k.sourceTable}/${k.direction}`;

interface SeedSpec {
  readonly name: string;
  readonly version: 1 | 2 | 3;
  readonly codec: CodecName | ((block: number) => CodecName);
  readonly openLastBlock?: boolean;
  readonly emptyFinalSegment?: boolean;
  readonly dedup?: 'block' | 'archive';
  readonly tail?: boolean;
}

/**
 * One spec per generation of docs/formats/ledger-format.md#generations and per codec mix (A1, A2 deflate, A2 zstd, A2
 * mixed open, A3, A4).
 */
export const SEED_SPECS: readonly SeedSpec[] = [
  { name: 'A1-v1-deflate', version: 1, codec: 'deflate' },
  { name: 'A2-v2-deflate', version: 2, codec: 'deflate', emptyFinalSegment: true },
  { name: 'A2-v2-zstd', version: 2, codec: 'zstd' },
  { name: 'A2-v2-mixed-open', version: 2, codec: (i) => (i % 2 ? 'zstd' : 'deflate'), openLastBlock: true, tail: true },
  { name: 'A3-v3-deflate', version: 3, codec: 'deflate', dedup: 'archive', emptyFinalSegment: true },
  { name: 'A4-v3-mixed-open', version: 3, codec: (i) => (i === 0 ? 'deflate' : 'zstd'), openLastBlock: true, dedup: 'archive', tail: true },
];

function bodies(seed: number): SegmentItem[] {
  const rnd = new Prng(seed);
  const out: SegmentItem[] = [];
  const enc = new TextEncoder();
  for (let i = 0; i < 12; i++) {
    let bytes: Uint8Array;
    switch (i % 4) {
      case 0:
        bytes = enc.encode(JSON.stringify({ i, text: 'lorem ipsum '.repeat(20 + rnd.int(0, 40)) }));
        break;
      case 1:
        bytes = Uint8Array.from({ length: 200 + rnd.int(0, 600) }, () => rnd.int(0, 255));
        break;
      case 2:
        bytes = enc.encode(`data: {"token": ${i}}\n\n`.repeat(10 + rnd.int(0, 20)));
        break;
      default:
        bytes = enc.encode('shared '.repeat(90)); // ≥ 512 bytes and repeated: shared spans
    }
    const key: BodyKey = {
      eventId: (0x200000000000 + i).toString(16),
      sourceTable: 'net_events',
      direction: i % 2 ? 'request' : 'response',
    };
    out.push({ kind: 'body', key, bytes });
    if (i % 5 === 2) out.push({ kind: 'unreferenced', bytes: enc.encode(`rolled back ${i}`) });
  }
  return out;
}

const ARCHIVE_ID = asUuidV4(Uint8Array.from({ length: 16 }, (_, i) => 0x11 + i));
const GENERATION_ID = asUuidV4(Uint8Array.from({ length: 16 }, (_, i) => 0x71 + i));

function rowsOf(enc: EncodedArchive): BodyIndexRow[] {
  return enc.bodies.map((b, i) => ({
    id: i + 1,
    eventId: b.key.eventId,
    sourceTable: b.key.sourceTable,
    direction: b.key.direction,
    eventType: null,
    contentType: null,
    originalBytes: b.bodyLen,
    storedBytes: b.bodyLen,
    truncated: false,
    bodyHash: b.bodyHash,
    blockOffset: b.blockOffset,
    bodyOffset: b.bodyOffset,
    bodyLen: b.bodyLen,
    traceId: null,
    turnId: null,
    createdAt: null,
  }));
}

/** Offsets of u32 length fields: v1 raw_len/comp_len; v2/v3 raw_start/raw_len/comp_len of every segment. */
function lengthFieldsOf(enc: EncodedArchive): number[] {
  const out: number[] = [];
  for (const b of enc.blocks) {
    if (enc.version === 1) out.push(b.blockOffset + 4, b.blockOffset + 8);
    else for (const s of b.segments) out.push(s.fileOffset + 8, s.fileOffset + 12, s.fileOffset + 16);
  }
  if (enc.version === 3) out.push(12); // header length
  return out;
}

export async function buildSeed(spec: SeedSpec, seed = 3): Promise<ArchiveSeed> {
  const plan = planBlocks(bodies(seed), {
    codec: spec.codec,
    targetBlockBytes: 1500,
    segmentBytes: 500,
    openLastBlock: spec.openLastBlock ?? false,
    emptyFinalSegment: spec.emptyFinalSegment ?? false,
  });
  const enc = await encodeArchive({
    version: spec.version,
    blocks: plan,
    dedup: spec.dedup ?? 'block',
    archiveId: spec.version === 3 ? ARCHIVE_ID : undefined,
    generationId: spec.version === 3 ? GENERATION_ID : undefined,
    tail: spec.tail ? new TextEncoder().encode('SGMT torn tail nobody names') : undefined,
  });
  const state: ArchiveState | null =
    spec.version === 3 && enc.archiveId && enc.generationId
      ? { archiveId: enc.archiveId, generationId: enc.generationId, formatVersion: 4, committedEnd: enc.committedEnd, revision: 1 }
      : null;
  return {
    name: spec.name,
    version: spec.version,
    fileName: enc.fileName,
    state,
    rows: rowsOf(enc),
    blocks: enc.blocks.map((b) => ({ blockOffset: b.blockOffset, rawLen: b.rawLen, diskLen: b.diskLen, sealedAt: b.sealedAt })),
    bytes: enc.bytes,
    expected: new Map(enc.bodies.map((b) => [keyOf(b.key), b.bytes])),
    lengthFields: lengthFieldsOf(enc),
  };
}

let cache: Promise<ArchiveSeed[]> | null = null;
/** Every seed archive, built once per process. */
export function allSeeds(): Promise<ArchiveSeed[]> {
  cache ??= Promise.all(SEED_SPECS.map((s) => buildSeed(s)));
  return cache;
}

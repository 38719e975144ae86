// Small deterministic archives of every shape the reader must handle, built with the fixture encoder.
import { encodeArchive } from '../../../fixtures/writer/archive-encoder.js';
import { asUuidV4 } from '../../../fixtures/writer/archive-layout.js';
import type { CodecName, EncodedArchive, SegmentItem } from '../../../fixtures/writer/archive-plan.js';
import { planBlocks } from '../../../fixtures/writer/plan-blocks.js';

/** A tiny xorshift PRNG so bodies are the same on every run. */
export function prng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 0x100000000;
  };
}

/** Mixed bodies: compressible JSON-ish text, random bytes, tiny bodies, and duplicates (shared spans). */
export function sampleBodies(n: number, seed: number, scale = 1): SegmentItem[] {
  const rnd = prng(seed);
  const out: SegmentItem[] = [];
  for (let i = 0; i < n; i++) {
    const kind = i % 5;
    let bytes: Uint8Array;
    if (kind === 0)
      bytes = new TextEncoder().encode(JSON.stringify({ i, text: 'lorem ipsum dolor '.repeat(Math.floor(rnd() * 60 * scale) + 1) }));
    else if (kind === 1) bytes = Uint8Array.from({ length: Math.floor(rnd() * 3000 * scale) + 1 }, () => Math.floor(rnd() * 256));
    else if (kind === 2) bytes = new TextEncoder().encode(`tiny-${i % 3}`);
    else if (kind === 3) bytes = new TextEncoder().encode(`data: {"token": ${i}}\n\n`.repeat(Math.floor(rnd() * 40 * scale) + 1));
    else bytes = new TextEncoder().encode('x'.repeat(600)); // ≥ 512 bytes and repeated: archive-wide dedup
    out.push({
      kind: 'body',
      key: { eventId: (0x100000000000 + i).toString(16), sourceTable: 'net_events', direction: i % 2 ? 'request' : 'response' },
      bytes,
    });
    if (i % 7 === 3) out.push({ kind: 'unreferenced', bytes: new TextEncoder().encode(`rolled back ${i}`) });
  }
  return out;
}

export const ARCHIVE_ID = asUuidV4(Uint8Array.from({ length: 16 }, (_, i) => 0x30 + i));
export const GENERATION_ID = asUuidV4(Uint8Array.from({ length: 16 }, (_, i) => 0x50 + i));

export interface SampleSpec {
  readonly name: string;
  readonly version: 1 | 2 | 3;
  readonly codec: CodecName | ((i: number) => CodecName);
  readonly openLastBlock?: boolean;
  readonly emptyFinalSegment?: boolean;
  readonly dedup?: 'none' | 'block' | 'archive';
  readonly tail?: boolean;
  readonly n?: number;
  readonly seed?: number;
  readonly targetBlockBytes?: number;
  readonly segmentBytes?: number;
}

export const SAMPLES: readonly SampleSpec[] = [
  { name: 'v1 deflate', version: 1, codec: 'deflate' },
  { name: 'v2 deflate, empty FINAL segments', version: 2, codec: 'deflate', emptyFinalSegment: true },
  { name: 'v2 zstd', version: 2, codec: 'zstd' },
  {
    name: 'v2 mixed codecs, open last block, torn tail',
    version: 2,
    codec: (i) => (i % 2 ? 'zstd' : 'deflate'),
    openLastBlock: true,
    tail: true,
  },
  { name: 'v3 deflate, archive dedup', version: 3, codec: 'deflate', dedup: 'archive', emptyFinalSegment: true },
  {
    name: 'v3 zstd then deflate, open last block, tail',
    version: 3,
    codec: (i) => (i === 1 ? 'deflate' : 'zstd'),
    openLastBlock: true,
    dedup: 'archive',
    tail: true,
  },
  { name: 'v3 zstd open, one segment per block', version: 3, codec: 'zstd', openLastBlock: true, segmentBytes: 1 << 20 },
];

export async function buildSample(spec: SampleSpec): Promise<EncodedArchive> {
  const blocks = planBlocks(sampleBodies(spec.n ?? 40, spec.seed ?? 7), {
    codec: spec.codec,
    targetBlockBytes: spec.targetBlockBytes ?? 24 * 1024,
    segmentBytes: spec.segmentBytes ?? 4 * 1024,
    openLastBlock: spec.openLastBlock ?? false,
    emptyFinalSegment: spec.emptyFinalSegment ?? false,
  });
  return encodeArchive({
    version: spec.version,
    blocks,
    archiveId: spec.version === 3 ? ARCHIVE_ID : undefined,
    generationId: spec.version === 3 ? GENERATION_ID : undefined,
    dedup: spec.dedup ?? 'block',
    tail: spec.tail ? new TextEncoder().encode('SGMT torn tail that no row names') : undefined,
  });
}

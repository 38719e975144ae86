// What every part of the session model shares: the sinks, the randomness, the clock, the body size unit, and
// the one way a body is stored (archive bytes + its index row, in archive order).
import { blake3Tagged } from '../../test/fixtures/writer/blake3.js';
import type { Prng } from '../../test/fixtures/writer/prng.js';
import type { ArchiveStream, BodyPlacement } from './archive-stream.js';
import type { GenClock } from './clock.js';
import { hexId } from './clock.js';
import type { DbSink } from './db-sink.js';
import type { SqlCell, TableName } from './tables.js';
import type { TextPool } from './text-pool.js';

export const MAX_BODY_BYTES = 8 * 1024 * 1024;

export interface BodyMeta {
  readonly eventId: string;
  readonly eventType: string;
  readonly sourceTable: string;
  readonly direction: 'request' | 'response' | 'payload' | 'stdout' | 'stderr';
  readonly contentType: string | null;
  readonly traceId: string | null;
  readonly turnId: string | null;
  /** Producer's true size when it stored an excerpt (truncated = 1). Defaults to the stored length. */
  readonly originalBytes?: number;
}

export interface StoredBody {
  readonly placement: BodyPlacement;
  readonly length: number;
  readonly hash: string;
}

export class GenContext {
  /** Bytes per unit of body size; the size controller moves it so the run lands on the body budget. */
  unit: number;
  private eventCounter = 0;
  uniqueBodies = 0;
  indexRows = 0;

  constructor(
    readonly db: DbSink,
    readonly archive: ArchiveStream,
    readonly prng: Prng,
    readonly clock: GenClock,
    readonly text: TextPool,
    initialUnit: number,
  ) {
    this.unit = initialUnit;
  }

  eventId(): string {
    return hexId(++this.eventCounter);
  }

  /** Rows inserted next get this id (tables use explicit ids so rows can name each other). */
  nextId(table: TableName): number {
    return this.db.count(table) + 1;
  }

  insert(table: TableName, values: readonly SqlCell[]): number {
    const id = this.nextId(table);
    this.db.insert(table, values);
    return id;
  }

  /** A size in bytes: `weight` units, spread exponentially (most bodies small, a few large). */
  size(weight: number, min = 64): number {
    const spread = -Math.log(1 - this.prng.next() * 0.999);
    return Math.max(min, Math.min(MAX_BODY_BYTES, Math.round(weight * this.unit * spread)));
  }

  /** Stores the bytes in the archive and writes their index row. */
  body(meta: BodyMeta, bytes: Uint8Array): StoredBody {
    const createdAt = this.clock.iso();
    const placement = this.archive.add(bytes, createdAt);
    const stored = { placement, length: bytes.length, hash: blake3Tagged(bytes) };
    this.uniqueBodies += 1;
    this.indexRow(meta, stored, createdAt);
    return stored;
  }

  /** A second row naming bytes already stored in the open block (the writer stores identical bytes once). */
  sameBody(meta: BodyMeta, stored: StoredBody): void {
    this.indexRow(meta, stored, this.clock.iso());
  }

  private indexRow(meta: BodyMeta, stored: StoredBody, createdAt: string): void {
    const original = Math.max(meta.originalBytes ?? stored.length, stored.length);
    this.indexRows += 1;
    this.db.insert('event_body_blobs', [
      this.nextId('event_body_blobs'),
      meta.eventId,
      meta.eventType,
      meta.sourceTable,
      meta.direction,
      meta.contentType,
      original,
      stored.length,
      original > stored.length ? 1 : 0,
      stored.hash,
      stored.placement.blockOffset,
      stored.placement.bodyOffset,
      stored.length,
      meta.traceId,
      meta.turnId,
      createdAt,
    ]);
  }
}

const te = new TextEncoder();
export const utf8 = (s: string): Uint8Array => te.encode(s);
export const preview = (s: string, n = 2048): string => (s.length > n ? s.slice(0, n) : s);

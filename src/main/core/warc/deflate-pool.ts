/**
 * Worker threads that gzip batches of records, one independent member per record (zlib level 6, the same call and
 * bytes as in-thread gzipSync), so compression runs beside the body reads instead of after them. The worker is a
 * few lines of plain JavaScript given as source (node:zlib only): it needs no build entry and no TypeScript loader.
 * compress() never rejects: a failure comes back as a value, so a batch nobody awaits yet cannot crash the process.
 */
import { Worker } from 'node:worker_threads';

const WORKER_SOURCE = `
Promise.all([import('node:worker_threads'), import('node:zlib')]).then(([{ parentPort }, { gzipSync }]) => {
  parentPort.on('message', (job) => {
    try {
      const input = new Uint8Array(job.buffer);
      const members = [];
      let at = 0;
      let total = 0;
      for (const length of job.lengths) {
        const member = gzipSync(input.subarray(at, at + length), { level: job.level });
        members.push(member);
        at += length;
        total += member.length;
      }
      const out = new Uint8Array(new ArrayBuffer(total));
      const sizes = [];
      let o = 0;
      for (const member of members) {
        out.set(member, o);
        o += member.length;
        sizes.push(member.length);
      }
      parentPort.postMessage({ id: job.id, buffer: out.buffer, sizes }, [out.buffer]);
    } catch (error) {
      parentPort.postMessage({ id: job.id, error: String((error && error.message) || error) });
    }
  });
});
`;

export interface CompressedBatch {
  /** The members back to back, in the batch's record order. */
  readonly members: Buffer;
  readonly sizes: readonly number[];
}

export type CompressOutcome = { readonly ok: true; readonly value: CompressedBatch } | { readonly ok: false; readonly error: Error };

type Reply = { id: number; buffer?: ArrayBuffer; sizes?: number[]; error?: string };

interface Slot {
  readonly worker: Worker;
  readonly pending: Map<number, (outcome: CompressOutcome) => void>;
}

export class DeflatePool {
  private readonly slots: Slot[] = [];
  private nextSlot = 0;
  private nextId = 0;
  private broken: Error | null = null;

  constructor(
    workers: number,
    private readonly level: number,
  ) {
    for (let i = 0; i < workers; i += 1) this.slots.push(this.startSlot());
  }

  private startSlot(): Slot {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    const slot: Slot = { worker, pending: new Map() };
    const failAll = (error: Error): void => {
      this.broken ??= error;
      for (const settle of slot.pending.values()) settle({ ok: false, error });
      slot.pending.clear();
    };
    worker.on('message', (reply: Reply) => {
      const settle = slot.pending.get(reply.id);
      if (!settle) return;
      slot.pending.delete(reply.id);
      if (reply.error !== undefined || !reply.buffer || !reply.sizes)
        settle({ ok: false, error: new Error(`gzip worker: ${reply.error ?? 'empty reply'}`) });
      else settle({ ok: true, value: { members: Buffer.from(reply.buffer), sizes: reply.sizes } });
    });
    worker.on('error', (error) => failAll(error));
    worker.on('exit', (code) => failAll(new Error(`gzip worker exited (code ${code})`)));
    return slot;
  }

  /** Gzips each of `lengths` consecutive records from the start of `records`, which is transferred (unusable after). */
  compress(records: ArrayBuffer, lengths: readonly number[]): Promise<CompressOutcome> {
    if (this.broken) return Promise.resolve({ ok: false, error: this.broken });
    const slot = this.slots[this.nextSlot]!;
    this.nextSlot = (this.nextSlot + 1) % this.slots.length;
    const id = this.nextId++;
    return new Promise<CompressOutcome>((resolve) => {
      slot.pending.set(id, resolve);
      slot.worker.postMessage({ id, buffer: records, lengths, level: this.level }, [records]);
    });
  }

  /** Stops every worker; pending batches settle as failures. Idempotent. */
  async close(): Promise<void> {
    this.broken ??= new Error('gzip workers closed');
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}

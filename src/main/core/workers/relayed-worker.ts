/**
 * The client's side of a worker thread that runs inside the background host (hosted-workers.ts is the host's): the
 * same events and calls as a node:worker_threads Worker, carried over the host's IPC channel. When the host goes away
 * the worker reports an error and exits, as a worker that died would, so its owner falls back as it does then.
 */
import { EventEmitter } from 'node:events';
import type { RelayFromHost, RelayToHost } from './host-protocol.js';
import type { WorkerLike } from './worker-like.js';

/** What a relayed worker needs of its client: a way to the host, and whether it holds this process open. */
export interface RelayLink {
  send(m: RelayToHost): void;
  hold(workerId: number, held: boolean): void;
}

export class RelayedWorker extends EventEmitter implements WorkerLike {
  private exitCode: number | null = null;
  private readonly exitWaiters: ((code: number) => void)[] = [];

  constructor(
    readonly workerId: number,
    private readonly link: RelayLink,
  ) {
    super();
  }

  postMessage(message: unknown): void {
    if (this.exitCode === null) this.link.send({ type: 'worker-post', workerId: this.workerId, message });
  }

  terminate(): Promise<number> {
    if (this.exitCode !== null) return Promise.resolve(this.exitCode);
    this.link.send({ type: 'worker-terminate', workerId: this.workerId });
    return new Promise((resolve) => this.exitWaiters.push(resolve));
  }

  ref(): void {
    if (this.exitCode === null) this.link.hold(this.workerId, true);
  }

  unref(): void {
    this.link.hold(this.workerId, false);
  }

  /** A report from the host about this worker. */
  deliver(m: RelayFromHost): void {
    if (this.exitCode !== null) return;
    switch (m.type) {
      case 'worker-message':
        this.emit('message', m.message);
        return;
      case 'worker-error':
        this.fail(Object.assign(new Error(m.message), { name: m.name }));
        return;
      case 'worker-exit':
        this.exit(m.exitCode);
        return;
    }
  }

  /** The host went away (or could not start): this worker died with it. */
  hostGone(why: string): void {
    if (this.exitCode !== null) return;
    this.fail(new Error(`the background host ${why}`));
    this.exit(1);
  }

  // Unlike a Worker, never throws for want of a listener: an owner that only waits for 'exit' must not crash serve.
  private fail(error: Error): void {
    if (this.listenerCount('error') > 0) this.emit('error', error);
  }

  private exit(code: number): void {
    this.exitCode = code;
    this.link.hold(this.workerId, false);
    this.emit('exit', code);
    for (const w of this.exitWaiters.splice(0)) w(code);
  }
}

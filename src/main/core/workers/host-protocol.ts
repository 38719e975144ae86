// What a background host (background-host.ts) and its client (background-host-client.ts) say over IPC, apart from
// the jobs a feature runs there: the host's greeting and the relayed workers' messages. Plain data only: a relayed
// worker's messages are passed through as its thread posted them (structured clone, "advanced" IPC). A feature's own
// job messages (jobs/background-host-protocol.ts for verification) travel beside these on the same channel; each
// has a `type` of its own, so neither side needs an envelope.

/** The client's word about a relayed worker. */
export type RelayToHost =
  /** Start worker `baseName` beside `callerUrl` (a module of this same build) with `workerData`. */
  | {
      readonly type: 'worker-spawn';
      readonly workerId: number;
      readonly callerUrl: string;
      readonly baseName: string;
      readonly workerData: unknown;
    }
  | { readonly type: 'worker-post'; readonly workerId: number; readonly message: unknown }
  | { readonly type: 'worker-terminate'; readonly workerId: number };

/** The host's word about a relayed worker. */
export type RelayFromHost =
  | { readonly type: 'worker-message'; readonly workerId: number; readonly message: unknown }
  /** The worker could not start or threw; a worker-exit follows. */
  | { readonly type: 'worker-error'; readonly workerId: number; readonly name: string; readonly message: string }
  | { readonly type: 'worker-exit'; readonly workerId: number; readonly exitCode: number };

/** Sent once at start: how the host lowered itself (for tests and the log). */
export interface HostReady {
  readonly type: 'ready';
  readonly priority: string;
}

/** A message of a feature's jobs: anything with a `type` the relay's messages do not use. */
export interface JobMessage {
  readonly type: string;
}

export type ToHost<Job extends JobMessage> = RelayToHost | Job;
export type FromHost<Job extends JobMessage> = HostReady | RelayFromHost | Job;

const RELAY_TO_HOST: ReadonlySet<string> = new Set(['worker-spawn', 'worker-post', 'worker-terminate']);
const RELAY_FROM_HOST: ReadonlySet<string> = new Set(['worker-message', 'worker-error', 'worker-exit']);

export const isRelayToHost = (m: JobMessage): m is RelayToHost => RELAY_TO_HOST.has(m.type);
export const isRelayFromHost = (m: JobMessage): m is RelayFromHost => RELAY_FROM_HOST.has(m.type);

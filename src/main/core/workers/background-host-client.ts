/**
 * Serve mode's client of its background host (background-host.ts): a child process started in a session of its own
 * (detached), which lowers its session's scheduling group before it loads a worker. A feature's jobs run there with
 * messages of their own over `channel()` (jobs/verify-host-client.ts: verification); and `spawnWorker` starts the open's follow-up,
 * its file hashes and the report builder there as relayed workers (relayed-worker.ts). The host is started on first use and started
 * again if it went away.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import type { FromHost, HostReady, JobMessage, ToHost } from './host-protocol.js';
import { isRelayFromHost } from './host-protocol.js';
import { RelayedWorker } from './relayed-worker.js';
import { childProcessScript } from './worker-entry-url.js';
import type { SpawnWorker } from './worker-like.js';

/** The host's entry script: `<baseName>` beside the module at `callerUrl` (see childProcessScript). */
export interface HostScript {
  readonly callerUrl: string;
  readonly baseName: string;
}

/** What the client hands a feature's jobs: the host's messages for them, and word that the host went away. */
export interface HostJobsClient<Out extends JobMessage> {
  onMessage(m: Out): void;
  /** The host went away or was closed: nothing it still owed will come. */
  onGone(why: string): void;
}

export interface BackgroundHostClient<In extends JobMessage> {
  /** Starts the host if it is not running and gives a way to it; a sender keeps to the host it was given for. */
  channel(): (m: In) => void;
  /** Starts a relayable worker inside the host instead of as a thread of this process. */
  readonly spawnWorker: SpawnWorker;
  /** The running host's pid, or null (tests; the benchmark adds its memory to serve's). */
  hostPid(): number | null;
  /** How the host lowered itself, once it said so (tests). */
  readonly hostReady: () => Promise<string>;
  /** Ends the host; the jobs hear it is gone, a relayed worker errors and exits. */
  close(): void;
}

const NOT_STARTED = 'not started';

export function backgroundHostClient<In extends JobMessage, Out extends JobMessage>(
  script: HostScript,
  jobs: HostJobsClient<Out>,
): BackgroundHostClient<In> {
  let host: ChildProcess | null = null;
  let ready: Promise<string> = Promise.resolve(NOT_STARTED);
  let nextId = 1;
  const relayed = new Map<number, RelayedWorker>();
  const held = new Set<number>();

  const endAll = (why: string): void => {
    jobs.onGone(why);
    for (const w of [...relayed.values()]) w.hostGone(why);
    relayed.clear();
  };

  // Neither the process nor its channel keeps serve (or a test) alive, unless a relayed worker holds it (as a
  // worker thread would: a follow-up that still owes work).
  const holdOrRelease = (child: ChildProcess): void => {
    if (held.size > 0) child.channel?.ref();
    else child.channel?.unref();
  };

  const started = (): ChildProcess => {
    if (host && host.connected) return host;
    const { path, execArgv } = childProcessScript(script.callerUrl, script.baseName);
    // detached: a new session, hence its own autogroup on Linux, which the host then lowers as a whole.
    const child = fork(path, [], {
      execArgv: [...execArgv],
      detached: true,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    host = child;
    let sayReady = (_: string): void => {};
    ready = new Promise<string>((resolve) => {
      sayReady = resolve;
    });
    child.on('message', (m: FromHost<Out>) => {
      if (m.type === 'ready') return sayReady((m as HostReady).priority);
      if (!isRelayFromHost(m)) return jobs.onMessage(m as Out);
      const w = relayed.get(m.workerId);
      if (m.type === 'worker-exit') relayed.delete(m.workerId);
      return w?.deliver(m);
    });
    const gone = (why: string): void => {
      if (host === child) host = null;
      sayReady(`gone: ${why}`);
      endAll(why);
    };
    child.once('exit', (code, signal) => gone(`exited (${signal ?? `code ${code}`})`));
    child.once('error', (e) => gone(`could not run: ${e.message}`));
    child.unref();
    holdOrRelease(child);
    return child;
  };

  const send = (child: ChildProcess, m: ToHost<In>): void => {
    if (child.connected) child.send(m, (err) => void err);
  };

  const spawnWorker: SpawnWorker = (callerUrl, baseName, options) => {
    const child = started();
    const workerId = nextId++;
    const worker = new RelayedWorker(workerId, {
      send: (m) => send(child, m),
      hold: (id, on) => {
        if (on) held.add(id);
        else held.delete(id);
        holdOrRelease(child);
      },
    });
    relayed.set(workerId, worker);
    // Held from the start, as a new Worker is, until its owner says otherwise.
    worker.ref();
    send(child, { type: 'worker-spawn', workerId, callerUrl, baseName, workerData: options.workerData });
    return worker;
  };

  return {
    channel() {
      const child = started();
      return (m) => send(child, m);
    },
    spawnWorker,
    hostPid: () => host?.pid ?? null,
    hostReady: () => ready,
    close(): void {
      const child = host;
      host = null;
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      endAll('was closed');
    },
  };
}

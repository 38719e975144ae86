/**
 * The renderer's only way to the core. Inside Electron the preload exposes `window.capsem` (one function per
 * contract channel); in a browser (serve mode) the same contract goes over HTTP. Views never see which.
 */
import type { ArgOf, Channel, InspectorBridge, ResultOf } from '../../../shared/contract.js';
import type { Result } from '../../../shared/errors.js';
import type { Transport } from './transport.js';
import { httpTransport } from './http-transport.js';
import { startEarly, takeEarly } from './early-calls.js';

function electronTransport(bridge: InspectorBridge): Transport {
  return {
    kind: 'electron',
    hostShowsDropped: true,
    call<C extends Channel>(channel: C, arg: ArgOf<C>): Promise<Result<ResultOf<C>>> {
      const fn = bridge[channel] as unknown as (a: ArgOf<C>) => Promise<Result<ResultOf<C>>>;
      return fn(arg);
    },
    onEvent: (listener) => bridge.onEvent(listener),
    onEventsConnected: () => () => undefined,
    openDropped: (files) => bridge.openDropped(files.map((f) => f.file)),
  };
}

function pick(): Transport {
  const bridge = (window as unknown as { capsem?: InspectorBridge }).capsem;
  return bridge ? electronTransport(bridge) : httpTransport();
}

const transport = pick();

/** The transport, except that a call main.tsx started early for the first view is answered from that call. */
export const client: Transport = {
  kind: transport.kind,
  hostShowsDropped: transport.hostShowsDropped,
  call: (channel, arg) => takeEarly(channel, arg) ?? transport.call(channel, arg),
  onEvent: (listener) => transport.onEvent(listener),
  onEventsConnected: (listener) => transport.onEventsConnected(listener),
  openDropped: (files, folder) => transport.openDropped(files, folder),
};

/** Starts a call now; the first identical client.call takes its answer (see early-calls.ts). */
export function callEarly<C extends Channel>(channel: C, arg: ArgOf<C>): void {
  startEarly(channel, arg, (c, a) => transport.call(c, a));
}

/** Calls a channel and throws the Failure as an Error carrying its code (for views that show errors inline). */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function call<C extends Channel>(channel: C, arg: ArgOf<C>): Promise<ResultOf<C>> {
  const r = await client.call(channel, arg);
  if (!r.ok) throw new ApiError(r.error.code, r.error.message);
  return r.value;
}

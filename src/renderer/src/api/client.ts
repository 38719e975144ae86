/**
 * The renderer's only way to the core. Inside Electron the preload exposes `window.capsem` (one function per
 * contract channel); in a browser (serve mode) the same contract goes over HTTP. Views never see which.
 */
import type { ArgOf, Channel, InspectorBridge, ResultOf } from '../../../shared/contract.js';
import type { Result } from '../../../shared/errors.js';
import type { Transport } from './transport.js';
import { httpTransport } from './http-transport.js';

function electronTransport(bridge: InspectorBridge): Transport {
  return {
    kind: 'electron',
    call<C extends Channel>(channel: C, arg: ArgOf<C>): Promise<Result<ResultOf<C>>> {
      const fn = bridge[channel] as unknown as (a: ArgOf<C>) => Promise<Result<ResultOf<C>>>;
      return fn(arg);
    },
    onEvent: (listener) => bridge.onEvent(listener),
    openDropped: (files) => bridge.openDropped(files.map((f) => f.file)),
  };
}

function pick(): Transport {
  const bridge = (window as unknown as { capsem?: InspectorBridge }).capsem;
  return bridge ? electronTransport(bridge) : httpTransport();
}

export const client: Transport = pick();

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

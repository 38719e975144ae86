/**
 * The one way a contract handler is reached over IPC. For every call: check the sender frame, validate the
 * argument with the contract's guards, refuse path-shaped values, call the handler (the same table serve mode
 * uses), and answer with the Result envelope, because a thrown error crossing IPC keeps only its message.
 */
import type { ArgOf, Channel, ResultOf } from '../../shared/contract.js';
import { CHANNELS, validateRequest } from '../../shared/contract.js';
import type { Result } from '../../shared/errors.js';
import { fail, toFailure } from '../../shared/errors.js';
import type { IpcEventLike } from './ipc-sender.js';
import { checkSender } from './ipc-sender.js';
import { findPathLikeValue } from './ipc-path-args.js';

/** channel → handler, the shape both transports call. */
export type ContractHandlers = { readonly [C in Channel]: (arg: ArgOf<C>) => Promise<Result<ResultOf<C>>> };

/** The slice of ipcMain used here. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

export interface IpcGate {
  /** webContents ids of our windows; updated as windows open and close. */
  readonly trustedContentsIds: ReadonlySet<number>;
  /** Told about every refusal (for the log). */
  onRefused?(channel: string, reason: string): void;
}

/** Checks the sender and runs `body`; the envelope on every path, never a throw. */
export async function guardedCall<T>(
  gate: IpcGate,
  channel: string,
  event: IpcEventLike,
  body: () => Promise<Result<T>>,
): Promise<Result<T>> {
  const verdict = checkSender(event, gate.trustedContentsIds);
  if (!verdict.ok) {
    gate.onRefused?.(channel, verdict.reason);
    return { ok: false, error: fail('BAD_REQUEST', `${channel} refused: ${verdict.reason}`) };
  }
  try {
    return await body();
  } catch (error) {
    return { ok: false, error: toFailure(error) };
  }
}

/** Validates one contract call and runs its handler. Exported for tests; `registerContract` uses it for every channel. */
export async function callContract<C extends Channel>(handlers: ContractHandlers, channel: C, arg: unknown): Promise<Result<ResultOf<C>>> {
  const valid = validateRequest(channel, arg);
  if (!valid.ok) return valid;
  const pathAt = findPathLikeValue(valid.value);
  if (pathAt)
    return {
      ok: false,
      error: fail('BAD_REQUEST', `${channel} refused: ${pathAt} looks like a file path; the window sends ids, never paths`),
    };
  const handler = handlers[channel] as (a: ArgOf<C>) => Promise<Result<ResultOf<C>>>;
  return handler(valid.value);
}

/** Registers every contract channel on ipcMain; returns a function that removes them all. */
export function registerContract(ipcMain: IpcMainLike, handlers: ContractHandlers, gate: IpcGate): () => void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event: IpcEventLike, ...args: unknown[]) => {
      // Exactly one argument crosses; extra ones mean a caller that is not our preload.
      if (args.length > 1) return Promise.resolve({ ok: false, error: fail('BAD_REQUEST', `${channel} takes one argument`) });
      return guardedCall(gate, channel, event, () => callContract(handlers, channel, args[0] ?? null));
    });
  }
  return () => CHANNELS.forEach((channel) => ipcMain.removeHandler(channel));
}

/**
 * Registers one desktop-only channel (not in the contract, e.g. the drop hand-off) behind the same sender check;
 * `validate` turns the raw argument into a typed value or a failure.
 */
export function registerDesktopChannel<A, T>(
  ipcMain: IpcMainLike,
  channel: string,
  gate: IpcGate,
  validate: (raw: unknown) => Result<A>,
  handler: (arg: A, event: IpcEventLike) => Promise<Result<T>>,
): () => void {
  ipcMain.handle(channel, (event: IpcEventLike, ...args: unknown[]) =>
    guardedCall(gate, channel, event, async () => {
      if (args.length > 1) return { ok: false, error: fail('BAD_REQUEST', `${channel} takes one argument`) };
      const valid = validate(args[0]);
      return valid.ok ? handler(valid.value, event) : valid;
    }),
  );
  return () => ipcMain.removeHandler(channel);
}

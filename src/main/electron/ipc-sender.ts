/**
 * Who may call the contract over IPC: only the main frame of one of our windows, showing an app page (ELE-5).
 * A sub-frame (the srcdoc preview), a frame that navigated elsewhere, a destroyed frame, or a web contents that is
 * not one of our windows is refused, whatever it claims.
 */
import { isAppUrl } from './app-url.js';

/** The parts of an IpcMainInvokeEvent the check reads (structurally satisfied by Electron's event). */
export interface SenderFrameLike {
  readonly url: string;
  readonly parent: unknown;
}
export interface SenderLike {
  readonly id: number;
  readonly mainFrame: unknown;
}
export interface IpcEventLike {
  readonly sender: SenderLike;
  readonly senderFrame: SenderFrameLike | null;
}

export type SenderVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: string };

export function checkSender(event: IpcEventLike, trustedContentsIds: ReadonlySet<number>): SenderVerdict {
  if (!trustedContentsIds.has(event.sender.id)) return { ok: false, reason: 'the sender is not an inspector window' };
  const frame = event.senderFrame;
  if (frame === null) return { ok: false, reason: 'the sending frame is gone (navigated or destroyed)' };
  if (frame.parent !== null || frame !== event.sender.mainFrame)
    return { ok: false, reason: 'the sender is a sub-frame, not the main frame' };
  if (!isAppUrl(frame.url)) return { ok: false, reason: 'the sending frame is not on the app origin' };
  return { ok: true };
}

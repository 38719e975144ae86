/** What every part of the Electron stand-in shares: what it records for the test, the answers the test queued, the
 * URL mapping between the app scheme and the pages, and the strict wrapper that makes a missing member an error. */
import { fileURLToPath } from 'node:url';
import { BroadcastChannel } from 'node:worker_threads';

export const here = fileURLToPath(new URL('.', import.meta.url));
export const env = process.env;
/** Page URLs stand for app URLs: capsem-app://app/<path> is served as https://capsem-app.stand-in/<path>. */
export const APP_PREFIX = 'capsem-app://app/';
const PAGE_PREFIX = 'https://capsem-app.stand-in/';
export const toAppUrl = (pageUrl: string): string =>
  pageUrl.startsWith(PAGE_PREFIX) ? APP_PREFIX + pageUrl.slice(PAGE_PREFIX.length) : pageUrl;
export const toPageUrl = (appUrl: string): string =>
  appUrl.startsWith(APP_PREFIX) ? PAGE_PREFIX + appUrl.slice(APP_PREFIX.length) : appUrl;

/** What the test reads back (control op `state`). */
export const record = {
  messages: [] as { type?: string | undefined; message: string; detail?: string | undefined }[],
  saveDialogs: [] as { title?: string | undefined; defaultPath?: string | undefined }[],
  shown: [] as string[],
  workers: [] as string[],
  forks: [] as string[],
  privileged: [] as string[],
  ipcCalls: [] as { channel: string; fromMainFrame: boolean }[],
  /** Main → renderer sends: channel names, in order. */
  sent: [] as string[],
  sandbox: false,
  /** Promise rejections nobody handled (Node would end the process on the first; the test shows them instead). */
  unhandled: [] as string[],
};

process.on('unhandledRejection', (reason) => {
  const text = reason instanceof Error ? (reason.stack ?? reason.message) : String(reason);
  record.unhandled.push(text);
  console.error(`unhandled rejection in the app: ${text}`);
});
export const answers = { save: [] as string[], open: [] as string[][] };

new BroadcastChannel('capsem-stand-in-workers').onmessage = (e: unknown) => void record.workers.push(String((e as { data: unknown }).data));

/** A member the stand-in lacks is an error, never `undefined`. Promise resolution probes `then`; inspection probes symbols. */
export function strict<T extends object>(name: string, target: T): T {
  return new Proxy(target, {
    get(t, prop, receiver) {
      if (typeof prop === 'symbol' || prop === 'then' || prop === 'toJSON' || Reflect.has(t, prop)) return Reflect.get(t, prop, receiver);
      throw new Error(`the Electron stand-in has no ${name}.${prop}: add it (typed against electron.d.ts) or stop using it`);
    },
  });
}

export const preventable = (fields: Record<string, unknown> = {}) => {
  const e = { defaultPrevented: false, preventDefault: () => void (e.defaultPrevented = true), ...fields };
  return e;
};

/** Fakes of the few Electron objects the glue touches, for tests in plain Node. */
import { EventEmitter } from 'node:events';

export class FakeEvent {
  defaultPrevented = false;
  constructor(readonly fields: Record<string, unknown> = {}) {
    Object.assign(this, fields);
  }
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

export class FakeWebContents extends EventEmitter {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
}

export class FakeSession extends EventEmitter {
  permissionRequest: ((wc: unknown, permission: string, cb: (granted: boolean) => void) => void) | null = null;
  permissionCheck: ((...args: unknown[]) => boolean) | null = null;
  devicePermission: ((...args: unknown[]) => boolean) | null = null;
  beforeRequest: { filter: unknown; listener: (details: { url: string }, cb: (r: { cancel: boolean }) => void) => void } | null = null;
  readonly webRequest = {
    onBeforeRequest: (filter: unknown, listener: (details: { url: string }, cb: (r: { cancel: boolean }) => void) => void) => {
      this.beforeRequest = { filter, listener };
    },
  };
  setPermissionRequestHandler(h: FakeSession['permissionRequest']): void {
    this.permissionRequest = h;
  }
  setPermissionCheckHandler(h: FakeSession['permissionCheck']): void {
    this.permissionCheck = h;
  }
  setDevicePermissionHandler(h: FakeSession['devicePermission']): void {
    this.devicePermission = h;
  }
}

/** ipcMain.handle / removeHandler, with a way to invoke a registered channel as a renderer would. */
export class FakeIpcMain {
  readonly handlers = new Map<string, (event: never, ...args: unknown[]) => Promise<unknown>>();
  handle(channel: string, listener: (event: never, ...args: unknown[]) => Promise<unknown>): void {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  invoke(channel: string, event: unknown, ...args: unknown[]): Promise<unknown> {
    const h = this.handlers.get(channel);
    if (!h) throw new Error(`no handler for ${channel}`);
    return h(event as never, ...args);
  }
}

/** A sender whose main frame shows `url`; `subFrame()` gives a child frame of it. */
export function fakeSender(id: number, url = 'capsem-app://app/index.html#/overview/e1') {
  const mainFrame: { url: string; parent: unknown } = { url, parent: null };
  const sender = { id, mainFrame };
  return {
    sender,
    mainEvent: () => ({ sender, senderFrame: mainFrame }),
    subFrameEvent: (frameUrl = 'about:srcdoc') => ({ sender, senderFrame: { url: frameUrl, parent: mainFrame } }),
  };
}

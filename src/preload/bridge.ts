/**
 * Builds `window.capsem`: one named function per contract channel, event subscription that never hands the
 * renderer Electron's event object, and the drop hand-off. Electron objects come in as parameters so this file
 * is testable in plain Node; `index.ts` passes the real ipcRenderer and webUtils.
 */
import type { Channel, DroppedFile, EventName, InspectorBridge, InspectorEvent } from '../shared/contract.js';
import { CHANNELS, EVENT_NAMES } from '../shared/contract.js';
import type { MenuCommandEvent } from '../shared/desktop-channels.js';
import { MAX_DROPPED_FILES, MENU_COMMAND_CHANNEL, OPEN_DROPPED_CHANNEL } from '../shared/desktop-channels.js';
import type { Result } from '../shared/errors.js';

/**
 * `window.capsem` in the desktop app: the contract's bridge plus the desktop-only menu hook (the renderer can
 * feature-detect it; in serve mode it is absent).
 */
export type DesktopBridge = InspectorBridge & {
  onMenuCommand(listener: (command: MenuCommandEvent) => void): () => void;
};

export interface PreloadIpc {
  invoke(channel: string, arg: unknown): Promise<unknown>;
  on(channel: string, listener: (event: unknown, payload: unknown) => void): void;
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): void;
}

export function buildBridge(ipc: PreloadIpc, getPathForFile: (file: DroppedFile) => string): DesktopBridge {
  const calls = {} as Record<Channel, (arg: unknown) => Promise<unknown>>;
  for (const channel of CHANNELS) {
    // One argument only, always a fresh copy made by structured clone across the bridge.
    calls[channel] = (arg: unknown) => ipc.invoke(channel, arg ?? null);
  }
  const onEvent = (listener: (event: InspectorEvent) => void): (() => void) => {
    const attached = EVENT_NAMES.map((name: EventName) => {
      const wrapped = (_event: unknown, payload: unknown): void => listener({ name, payload } as InspectorEvent);
      ipc.on(name, wrapped);
      return [name, wrapped] as const;
    });
    return () => attached.forEach(([name, wrapped]) => ipc.removeListener(name, wrapped));
  };
  const openDropped = (files: readonly DroppedFile[]): Promise<Result<never>> => {
    const list = Array.from(files ?? []).slice(0, MAX_DROPPED_FILES + 1);
    // Files that are not on disk (dragged text, browser images) have no path; main gets only real paths.
    const paths = list.map((file) => getPathForFile(file)).filter((path) => typeof path === 'string' && path.length > 0);
    return ipc.invoke(OPEN_DROPPED_CHANNEL, paths) as Promise<Result<never>>;
  };
  const onMenuCommand = (listener: (command: MenuCommandEvent) => void): (() => void) => {
    const wrapped = (_event: unknown, payload: unknown): void => {
      const command = payload as MenuCommandEvent | null;
      if (command?.kind === 'time-zone' && (command.zone === 'utc' || command.zone === 'local'))
        listener({ kind: 'time-zone', zone: command.zone });
    };
    ipc.on(MENU_COMMAND_CHANNEL, wrapped);
    return () => ipc.removeListener(MENU_COMMAND_CHANNEL, wrapped);
  };
  return { ...calls, onEvent, openDropped, onMenuCommand } as unknown as DesktopBridge;
}

/**
 * Main → renderer messages: the one place that calls webContents.send (lint holds it), so what main pushes into a
 * window is found by reading one file.
 */
import type { BrowserWindow } from 'electron';

export function sendToWindow(window: BrowserWindow, channel: string, payload: unknown): void {
  window.webContents.send(channel, payload);
}

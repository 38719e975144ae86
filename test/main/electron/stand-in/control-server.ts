/**
 * The stand-in's end of the test's control channel (the process IPC channel of the app under test): the test asks
 * for state, fires what a user or the OS would (open-file, a drop, a menu click, a dialog answer) and reads what a
 * window shows. Replies carry the request's id.
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { answers, appImpl, menu, record, toAppUrl, windowList } from './main-process.js';
import type { StandInWindow } from './main-process.js';
import { StandInWindow as StandInWindowClass } from './main-process.js';
import * as standInModules from './main-process.js';

/** The modules `electron` resolves to in the bundle (register.mjs hands them to electron-exports.mjs). */
export const standIn = standInModules;

export type ControlOp =
  | { op: 'state' }
  | { op: 'text'; window: number }
  | { op: 'waitText'; window: number; text: string }
  | { op: 'openFile'; path: string }
  | { op: 'drop'; window: number; paths: string[] }
  | { op: 'menu'; ids: string[] }
  | { op: 'answerSave'; path: string }
  | { op: 'click'; window: number; button: string }
  | { op: 'bridge'; window: number; channel: string; arg: unknown }
  | { op: 'quit' };

export interface WindowState {
  readonly id: number;
  readonly title: string;
  readonly url: string;
  readonly shown: boolean;
  readonly progress: readonly number[];
}

function windowById(id: number): StandInWindow {
  const w = windowList().find((x) => x.id === id);
  if (!w) throw new Error(`no window ${id}`);
  return w;
}

/** A dropped folder's files, as the renderer walks it (one level, plus session.bodies/): name → path. */
function droppedNames(paths: readonly string[]): [string, string][] {
  const out: [string, string][] = [];
  for (const p of paths) {
    out.push([basename(p), p]);
    if (!statSync(p).isDirectory()) continue;
    for (const name of readdirSync(p)) {
      const child = join(p, name);
      out.push([name, child]);
      if (name === 'session.bodies' && statSync(child).isDirectory()) for (const g of readdirSync(child)) out.push([g, join(child, g)]);
    }
  }
  return out;
}

/** A real drag and drop of files from disk onto the middle of the window (Chromium's DevTools input domain). */
async function drop(w: StandInWindow, paths: string[]): Promise<void> {
  const page = await w.opened;
  await page.evaluate(
    (entries) => (window as unknown as { __capsemStandInDropping: (e: [string, string][]) => void }).__capsemStandInDropping(entries),
    droppedNames(paths),
  );
  // The drop is sent only once the app has accepted a dragover (prevented its default), as a user's pointer hovers
  // until the cursor says copy: Chromium discards a drop whose last dragover nobody accepted. A page still loading
  // (main loads a session into the window a first drop reused) has no listener yet, so dragovers are sent, as an OS
  // sends them while the pointer hovers, until one is accepted.
  await page.evaluate(() => {
    const w = window as unknown as { __capsemStandInDragOver: DragEvent | null };
    w.__capsemStandInDragOver = null;
    window.addEventListener('dragover', (e) => (w.__capsemStandInDragOver = e), { capture: true });
  });
  const cdp = await page.context().newCDPSession(page);
  const data = { items: [], files: paths, dragOperationsMask: 1 };
  const deadline = Date.now() + 60_000;
  await cdp.send('Input.dispatchDragEvent', { type: 'dragEnter', x: 640, y: 400, data });
  for (;;) {
    await cdp.send('Input.dispatchDragEvent', { type: 'dragOver', x: 640, y: 400, data });
    // Read once the dragover's dispatch is over: the app's own listener has had its turn.
    const seen = await page.waitForFunction(
      () => {
        const e = (window as unknown as { __capsemStandInDragOver: DragEvent | null }).__capsemStandInDragOver;
        return e ? { accepted: e.defaultPrevented } : null;
      },
      null,
      { timeout: 60_000 },
    );
    if (((await seen.jsonValue()) as { accepted: boolean }).accepted) break;
    if (Date.now() > deadline) throw new Error('the page never accepted a dragover');
    await page.evaluate(() => ((window as unknown as { __capsemStandInDragOver: DragEvent | null }).__capsemStandInDragOver = null));
  }
  await cdp.send('Input.dispatchDragEvent', { type: 'drop', x: 640, y: 400, data });
  await cdp.detach();
}

function findItem(items: readonly MenuItemConstructorOptions[], ids: readonly string[]): MenuItemConstructorOptions {
  const [first, ...rest] = ids;
  const item = items.find((i) => i.id === first);
  if (!item) throw new Error(`no menu item ${first} among ${items.map((i) => i.id).join(', ')}`);
  if (rest.length === 0) return item;
  return findItem(Array.isArray(item.submenu) ? item.submenu : [], rest);
}

async function run(message: ControlOp): Promise<unknown> {
  switch (message.op) {
    case 'state':
      return {
        ready: appImpl.isReady(),
        focused: StandInWindowClass.getFocusedWindow()?.id ?? null,
        windows: windowList().map(
          (w): WindowState => ({ id: w.id, title: w.getTitle(), url: toAppUrl(w.page?.url() ?? ''), shown: w.shown, progress: w.progress }),
        ),
        ...record,
      };
    case 'text':
      return (await windowById(message.window).opened).evaluate(() => document.body.innerText);
    case 'waitText': {
      const page = await windowById(message.window).opened;
      try {
        await page.waitForFunction((t) => document.body.innerText.includes(t), message.text, { timeout: 60_000 });
      } catch (e) {
        // Say what the page showed instead: a wait that never came true is diagnosed from it.
        const shown = await page.evaluate(() => document.body.innerText).catch(() => '(the page could not be read)');
        throw new Error(`${(e as Error).message}\nthe page showed:\n${shown}`);
      }
      return true;
    }
    case 'openFile':
      appImpl.emit('open-file', { preventDefault: () => undefined }, message.path);
      return true;
    case 'drop':
      await drop(windowById(message.window), message.paths);
      return true;
    case 'menu': {
      const item = findItem(menu.current, message.ids);
      if (item.enabled === false) throw new Error(`menu item ${message.ids.join(' > ')} is disabled`);
      const click = item.click as unknown as (() => void) | undefined;
      if (!click) throw new Error(`menu item ${message.ids.join(' > ')} has no click`);
      click();
      return true;
    }
    case 'click': {
      const page = await windowById(message.window).opened;
      await page.getByRole('button', { name: message.button, exact: true }).click({ timeout: 60_000 });
      return true;
    }
    case 'bridge': {
      // What the renderer does: a call through the preload's window.capsem, then IPC to main.
      const page = await windowById(message.window).opened;
      return page.evaluate(
        ([c, a]) => (window as unknown as { capsem: Record<string, (arg: unknown) => Promise<unknown>> }).capsem[c]!(a),
        [message.channel, message.arg] as const,
      );
    }
    case 'answerSave':
      answers.save.push(message.path);
      return true;
    case 'quit':
      appImpl.quit();
      return true;
  }
}

export function listen(): void {
  if (!process.send) return;
  process.on('message', (raw: unknown) => {
    const { id, ...message } = raw as { id: number } & ControlOp;
    run(message as ControlOp).then(
      (value) => process.send?.({ id, ok: true, value }),
      (error: unknown) => process.send?.({ id, ok: false, error: String(error instanceof Error ? error.stack : error) }),
    );
  });
}

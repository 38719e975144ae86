/** The stand-in's Menu (the template the glue built, kept for the test to click), dialog (answers the test queued;
 * every box recorded) and shell. */
import type {
  Dialog,
  Menu as ElectronMenu,
  MenuItemConstructorOptions,
  MessageBoxOptions,
  MessageBoxReturnValue,
  OpenDialogOptions,
  OpenDialogReturnValue,
  SaveDialogOptions,
  SaveDialogReturnValue,
  Shell,
} from 'electron';
import { answers, record, strict } from './record.js';

export const menu = { current: [] as MenuItemConstructorOptions[] };
export const Menu = strict('Menu', {
  buildFromTemplate: ((template: MenuItemConstructorOptions[]) =>
    ({ items: template }) as unknown as ElectronMenu) as (typeof ElectronMenu)['buildFromTemplate'],
  setApplicationMenu: ((m: ElectronMenu | null) =>
    void (menu.current =
      (m as unknown as { items: MenuItemConstructorOptions[] } | null)?.items ?? [])) as (typeof ElectronMenu)['setApplicationMenu'],
});

const lastArg = <T>(args: unknown[]): T => args.at(-1) as T;
export const dialog = strict('dialog', {
  showMessageBox: (async (...args: unknown[]): Promise<MessageBoxReturnValue> => {
    const o = lastArg<MessageBoxOptions>(args);
    record.messages.push({ type: o.type, message: o.message, detail: o.detail });
    return { response: 0, checkboxChecked: false };
  }) as Dialog['showMessageBox'],
  showSaveDialog: (async (...args: unknown[]): Promise<SaveDialogReturnValue> => {
    const o = lastArg<SaveDialogOptions>(args);
    record.saveDialogs.push({ title: o.title, defaultPath: o.defaultPath });
    const answer = answers.save.shift();
    return answer ? { canceled: false, filePath: answer } : { canceled: true, filePath: '' };
  }) as Dialog['showSaveDialog'],
  showOpenDialog: (async (...args: unknown[]): Promise<OpenDialogReturnValue> => {
    void lastArg<OpenDialogOptions>(args);
    const answer = answers.open.shift();
    return answer ? { canceled: false, filePaths: answer } : { canceled: true, filePaths: [] };
  }) as Dialog['showOpenDialog'],
});

export const shell = strict('shell', {
  showItemInFolder: ((path: string) => void record.shown.push(path)) satisfies Shell['showItemInFolder'],
});

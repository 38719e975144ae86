/**
 * The application menu as a pure function of state: the same state always gives the same template, so tests can
 * check every item, its enabled state and the command its click sends, without Electron.
 */
import type { MenuItemConstructorOptions } from 'electron';
import { APP_VIEWS } from './app-views.js';
import type { MenuCommand, MenuState } from './menu-commands.js';

type Item = MenuItemConstructorOptions;
type Send = (command: MenuCommand) => void;

function fileMenu(state: MenuState, send: Send): Item {
  const mac = state.platform === 'darwin';
  const recent: Item[] = state.recent.map((entry, index) => ({
    id: `recent-${index}`,
    label: entry.label,
    click: () => send({ kind: 'open-recent', index }),
  }));
  const submenu: Item[] = [
    { id: 'open-folder', label: 'Open Session Folder…', accelerator: 'CmdOrCtrl+Shift+O', click: () => send({ kind: 'open-folder' }) },
    { id: 'open-files', label: 'Open Files…', accelerator: 'CmdOrCtrl+O', click: () => send({ kind: 'open-files' }) },
    {
      id: 'open-recent',
      label: 'Open Recent',
      submenu: [
        ...(recent.length > 0 ? recent : [{ id: 'recent-none', label: 'No Recent Evidence', enabled: false }]),
        { type: 'separator' },
        { id: 'clear-recent', label: 'Clear Recent', enabled: recent.length > 0, click: () => send({ kind: 'clear-recent' }) },
      ],
    },
    { id: 'open-sample', label: 'Open Sample Session', click: () => send({ kind: 'open-sample' }) },
    { type: 'separator' },
    {
      id: 'export-warc',
      label: 'Export WARC…',
      accelerator: 'CmdOrCtrl+E',
      enabled: state.hasEvidence && !state.exportRunning,
      click: () => send({ kind: 'export-warc' }),
    },
    { id: 'cancel-export', label: 'Cancel Export', enabled: state.exportRunning, click: () => send({ kind: 'cancel-export' }) },
    { id: 'save-transcript', label: 'Save Transcript…', enabled: state.hasEvidence, click: () => send({ kind: 'save-transcript' }) },
    { id: 'export-case', label: 'Export Case…', enabled: state.hasEvidence, click: () => send({ kind: 'export-case' }) },
    {
      id: 'verify-all',
      label: 'Verify All Bodies',
      accelerator: 'CmdOrCtrl+Shift+B',
      enabled: state.hasEvidence && !state.verifyRunning,
      click: () => send({ kind: 'verify-all' }),
    },
    {
      id: 'reveal-evidence',
      label: mac ? 'Reveal Evidence in Finder' : 'Reveal Evidence in Folder',
      accelerator: 'Alt+CmdOrCtrl+R',
      enabled: state.hasEvidence && state.canReveal,
      click: () => send({ kind: 'reveal-evidence' }),
    },
    { type: 'separator' },
    { id: 'close-window', label: 'Close', accelerator: 'CmdOrCtrl+W', click: () => send({ kind: 'close-window' }) },
    // On macOS Quit lives in the app menu.
    ...(mac ? [] : [{ type: 'separator' } as Item, { id: 'quit', role: 'quit', label: 'Exit' } as Item]),
  ];
  return { id: 'file', label: '&File', submenu };
}

function editMenu(): Item {
  // Read-only app, but copying cells, ids and hashes needs the standard roles (and their shortcuts).
  return { id: 'edit', label: '&Edit', submenu: [{ role: 'copy' }, { role: 'selectAll' }, { type: 'separator' }, { role: 'paste' }] };
}

function viewMenu(state: MenuState, send: Send): Item {
  const views: Item[] = APP_VIEWS.map((view, index) => ({
    id: `view-${view.id}`,
    label: view.label,
    accelerator: index < 9 ? `CmdOrCtrl+${index + 1}` : undefined,
    enabled: view.needs === 'nothing' || (view.needs === 'evidence' ? state.hasEvidence : state.hasLibrary),
    click: () => send({ kind: 'navigate', view: view.id }),
  }));
  const dev: Item[] = state.isDev ? [{ type: 'separator' }, { role: 'reload' }, { role: 'toggleDevTools' }] : [];
  return {
    id: 'view',
    label: '&View',
    submenu: [
      ...views,
      { type: 'separator' },
      {
        id: 'time-utc',
        label: 'Times in UTC',
        type: 'radio',
        checked: state.timeZone === 'utc',
        click: () => send({ kind: 'time-zone', zone: 'utc' }),
      },
      {
        id: 'time-local',
        label: 'Times in Local Time',
        type: 'radio',
        checked: state.timeZone === 'local',
        click: () => send({ kind: 'time-zone', zone: 'local' }),
      },
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
      ...dev,
    ],
  };
}

function helpMenu(state: MenuState, send: Send): Item {
  const about: Item[] =
    state.platform === 'darwin'
      ? []
      : [{ type: 'separator' }, { id: 'about', label: `About ${state.appName}`, click: () => send({ kind: 'about' }) }];
  return {
    id: 'help',
    label: '&Help',
    role: 'help',
    submenu: [
      { id: 'shortcuts', label: 'Keyboard Shortcuts', accelerator: 'CmdOrCtrl+/', click: () => send({ kind: 'shortcuts' }) },
      ...about,
    ],
  };
}

function macAppMenu(state: MenuState, send: Send): Item {
  return {
    id: 'app',
    label: state.appName,
    submenu: [
      { id: 'about', label: `About ${state.appName}`, click: () => send({ kind: 'about' }) },
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' },
    ],
  };
}

export function buildMenuTemplate(state: MenuState, send: Send): Item[] {
  const mac = state.platform === 'darwin';
  return [
    ...(mac ? [macAppMenu(state, send)] : []),
    fileMenu(state, send),
    editMenu(),
    viewMenu(state, send),
    ...(mac ? [{ id: 'window', role: 'windowMenu' } as Item] : []),
    helpMenu(state, send),
  ];
}

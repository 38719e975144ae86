// Lint holds the walls of docs/ARCHITECTURE.md's room table (The rooms): the ROOMS table below is that table, one row
// per room, checked on every import (static, `export … from`, dynamic `import()`, `require()`) by
// scripts/lint/house-plugin.js. Beside it: Electron's IPC objects each in one file, no import cycles, bodies never
// rendered as HTML, and a file-length warning. Every rule is proven by a fixture under test/lint/fixtures that lint
// must refuse.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { housePlugin } from './scripts/lint/house-plugin.js';

const electron = {
  name: 'electron',
  why: 'only the Electron glue (src/main/electron) and the preload load electron, so everything else runs in plain Node.',
};
const node = { name: 'node:*', why: 'this room runs without Node (browser or sandboxed preload).' };
const nodePackages = ['better-sqlite3', 'zstd-napi', 'capsem-blake3'].map((name) => ({
  name,
  why: 'a native Node package; this room runs without Node.',
}));
const react = { name: 'react', why: 'shared is framework-free.' };

/**
 * The rooms, inner ones first (a file belongs to the first room whose folder holds it). `mayImport` names the other
 * rooms of ours a room may import; anything else of ours is refused. `forbidPackages` are packages it must not load.
 */
const ROOMS = [
  {
    name: 'shared',
    folders: ['src/shared'],
    mayImport: [],
    forbidPackages: [electron, node, react, ...nodePackages],
    why: 'shared imports nothing of ours but shared.',
  },
  // The contract's service hub: the registry of open evidence, the body cache, the job board, the handler table.
  // It sits on top of the feature rooms; they reach open evidence through the lookup interface they are handed.
  { name: 'core/service', folders: ['src/main/core/service'], mayImport: ['core', 'core/workers', 'shared'], forbidPackages: [electron] },
  // The worker runtime: worker entries, pre-started worker pools, relayed workers, the background host and its
  // client with their protocol, priorities. Below every feature: it knows nothing of ledgers, and a feature's jobs
  // (verification's, in core/jobs) reach the host only as messages and handlers they hand it.
  {
    name: 'core/workers',
    folders: ['src/main/core/workers'],
    mayImport: ['shared'],
    forbidPackages: [electron],
    why: 'the worker runtime sits below every feature room (jobs, graph, transcript, search, queries…) and the service hub: it imports only itself and shared.',
  },
  {
    name: 'core',
    folders: ['src/main/core'],
    mayImport: ['core/workers', 'shared'],
    forbidPackages: [electron],
    why: 'a feature room of the core reaches only other feature rooms, the worker runtime and shared (never the service hub, serve, the CLI, the glue, the preload or the renderer).',
  },
  {
    name: 'glue',
    folders: ['src/main/electron'],
    mayImport: ['core', 'core/service', 'core/workers', 'shared'],
    why: 'the Electron glue never imports the renderer, the preload or serve.',
  },
  {
    name: 'serve',
    folders: ['src/main/serve'],
    mayImport: ['core', 'core/service', 'core/workers', 'shared'],
    forbidPackages: [electron],
    why: 'serve never imports the glue, the renderer or the preload.',
  },
  {
    name: 'cli',
    folders: ['src/cli'],
    mayImport: ['core', 'core/service', 'core/workers', 'serve', 'shared'],
    forbidPackages: [electron],
    why: 'the CLI loads in plain Node.',
  },
  {
    name: 'preload',
    folders: ['src/preload'],
    mayImport: ['shared'],
    forbidPackages: [node, ...nodePackages],
    why: 'the preload exposes the contract only.',
  },
  {
    name: 'renderer',
    folders: ['src/renderer'],
    mayImport: ['shared'],
    forbidPackages: [electron, node, ...nodePackages],
    why: 'the renderer reaches the core only through api/client.ts.',
  },
];

/** Each Electron IPC object is touched in one file only; every other file gets these selectors refused. */
const IPC_ONE_FILE = {
  'src/main/electron/ipc-register.ts': [
    { selector: "CallExpression[callee.object.name='ipcMain']", message: 'ipcMain is used only in src/main/electron/ipc-register.ts.' },
    {
      selector: "CallExpression[callee.object.property.name='ipcMain']",
      message: 'ipcMain is used only in src/main/electron/ipc-register.ts.',
    },
  ],
  'src/preload/index.ts': [
    { selector: "CallExpression[callee.object.name='ipcRenderer']", message: 'ipcRenderer is used only in src/preload/index.ts.' },
  ],
  'src/main/electron/window-send.ts': [
    {
      selector: "MemberExpression[object.property.name='webContents'][property.name='send']",
      message: 'webContents.send is called only in src/main/electron/window-send.ts.',
    },
    {
      selector: "MemberExpression[object.name='webContents'][property.name='send']",
      message: 'webContents.send is called only in src/main/electron/window-send.ts.',
    },
  ],
};
const ipcSelectorsBut = (file) => Object.entries(IPC_ONE_FILE).flatMap(([f, s]) => (f === file ? [] : s));

const noHtmlSinks = [
  { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Bodies are attacker-chosen: render text nodes only.' },
  { selector: 'AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]', message: 'No HTML sinks: render text nodes only.' },
  { selector: "CallExpression[callee.property.name='insertAdjacentHTML']", message: 'No HTML sinks.' },
  { selector: "CallExpression[callee.object.name='document'][callee.property.name='write']", message: 'No HTML sinks.' },
];

// The job model (docs/ARCHITECTURE.md): work says when it moved, so nothing waits for it on a clock. A view asks when
// told; a keep-alive or pacing timer says why in an eslint-disable comment beside it.
const noPolling = [
  {
    selector: "CallExpression[callee.name='setInterval'], CallExpression[callee.property.name='setInterval']",
    message: 'A view asks again when the core says something moved (an event), never on a clock (docs/ARCHITECTURE.md, the job model).',
  },
];
// Nothing in main sleeps while it waits for work: it awaits the work's own promise. A zero-delay turn of the event
// loop (letting a cancel in) is not a wait.
const noSleeping = [
  {
    selector: "AwaitExpression NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout'][arguments.1.value!=0]",
    message: "Await the work's own promise or event, not a sleep (docs/ARCHITECTURE.md, the job model).",
  },
];

/** The value imports of electron's IPC objects, each allowed in its one file. */
const ipcImport = (name, file) => ({ name: 'electron', importNames: [name], message: `${name} is imported only in ${file}.` });
const IPC_MAIN_IMPORT = ipcImport('ipcMain', 'src/main/electron/index.ts');
const IPC_RENDERER_IMPORT = ipcImport('ipcRenderer', 'src/preload/index.ts');
const electronOutsideGlue = {
  name: 'electron',
  message: 'Only src/main/electron and src/preload may import electron (docs/ARCHITECTURE.md#the-rooms).',
};

export default tseslint.config(
  // test/lint/fixtures break the rules on purpose; test/lint/walls.test.ts lints them and expects refusals.
  {
    ignores: [
      'node_modules/**',
      'out/**',
      'build/**',
      'dist/**',
      'test-artifacts/**',
      '.scratch/**',
      'resources/**',
      'test/lint/fixtures/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    plugins: { house: housePlugin },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { paths: [electronOutsideGlue] }],
      'house/rooms': ['error', { rooms: ROOMS }],
      'house/no-import-cycle': 'error',
      'house/room-order': 'error',
      // The core's rooms have no index.ts: each module is its own door (see docs/ARCHITECTURE.md).
      'house/no-facade': ['error', { folders: ['src/main/core'] }],
      'max-lines': ['warn', { max: 300 }],
    },
  },
  // The native binding's loader and build helper are CommonJS (node-gyp and require() of a .node file).
  { files: ['native/**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { files: ['src/**'], rules: { 'no-restricted-syntax': ['error', ...noSleeping, ...ipcSelectorsBut(null)] } },
  ...Object.keys(IPC_ONE_FILE).map((file) => ({
    files: [file],
    rules: { 'no-restricted-syntax': ['error', ...noSleeping, ...ipcSelectorsBut(file)] },
  })),
  // React's two rules of hooks: hooks called in the same order on every render, and effects that name what they read.
  {
    files: ['src/renderer/**/*.{ts,tsx}', 'test/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/renderer/**'],
    rules: { 'no-restricted-syntax': ['error', ...noHtmlSinks, ...noPolling, ...noSleeping, ...ipcSelectorsBut(null)] },
  },
  // Electron may be imported in the glue and the preload (and their tests); its IPC objects each in one file.
  {
    files: ['src/main/electron/**', 'test/main/electron/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [IPC_MAIN_IMPORT, IPC_RENDERER_IMPORT] }] },
  },
  { files: ['src/main/electron/index.ts'], rules: { 'no-restricted-imports': ['error', { paths: [IPC_RENDERER_IMPORT] }] } },
  {
    files: ['src/preload/**', 'test/preload/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [IPC_MAIN_IMPORT, IPC_RENDERER_IMPORT] }] },
  },
  { files: ['src/preload/index.ts'], rules: { 'no-restricted-imports': ['error', { paths: [IPC_MAIN_IMPORT] }] } },
  // shared runs in the browser and in Node alike: no DOM.
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'HTMLElement'].map((name) => ({
          name,
          message: 'shared is DOM-free (docs/ARCHITECTURE.md#the-rooms).',
        })),
      ],
    },
  },
);

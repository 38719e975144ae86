/**
 * Packaging for Linux (AppImage, deb), macOS (dmg) and Windows (nsis): `npm run package` (electron-vite build, then
 * electron-builder, which finds this file by name).
 *
 * Why TypeScript and not electron-builder.yml: electron-builder reads `electron-builder.ts` itself (through jiti),
 * `tsc` checks every key against electron-builder's own `Configuration` type (a misspelled fuse or target is a type
 * error, not a silently ignored YAML key), and test/packaging reads the very object electron-builder will read,
 * with no YAML parser in the test. electron-builder takes the default export; the named one is for the test.
 */
import type { Configuration } from 'electron-builder';

export const builderConfig = {
  appId: 'org.capsem.ledger-inspector',
  productName: 'Capsem Ledger Inspector',
  executableName: 'capsem-ledger-inspector',
  copyright: 'Apache-2.0',
  directories: { output: 'dist', buildResources: 'resources/packaging' },

  // What goes into app.asar: the electron-vite build and the bundled sample session. node_modules production
  // dependencies are added by electron-builder itself.
  files: ['out/**', 'resources/sample/**', 'package.json', '!**/*.map', '!out/**/*.d.ts'],
  asar: true,
  // Native modules cannot load from inside an archive; the sample is unpacked so the core reads plain files
  // (it hashes and copies them to scratch with O_NOFOLLOW, which the asar virtual file system does not offer).
  asarUnpack: ['**/node_modules/better-sqlite3/**', '**/*.node', 'resources/sample/**'],
  // better-sqlite3 is rebuilt for Electron's ABI by electron-builder's standard install-app-deps step.
  npmRebuild: true,
  buildDependenciesFromSource: false,

  // A hardened binary (ELE-7): the packaged app cannot be turned back into a plain Node, take NODE_OPTIONS or
  // --inspect, or load code from outside its integrity-checked archive.
  electronFuses: {
    runAsNode: false,
    enableCookieEncryption: true,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    loadBrowserProcessSpecificV8Snapshot: false,
    grantFileProtocolExtraPrivileges: false,
  },

  linux: {
    target: ['AppImage', 'deb'],
    category: 'Utility',
    maintainer: 'Capsem Ledger Inspector maintainers <inspector@capsem.invalid>',
    synopsis: 'Read-only inspector for Capsem session ledgers',
    // Offered (never forced) for folders and SQLite files in the file manager's "Open With".
    mimeTypes: ['inode/directory', 'application/vnd.sqlite3', 'application/x-sqlite3'],
    desktop: {
      entry: {
        Name: 'Capsem Ledger Inspector',
        Comment: 'Inspect Capsem session evidence read-only',
        Terminal: 'false',
        StartupWMClass: 'Capsem Ledger Inspector',
      },
    },
  },

  mac: {
    target: ['dmg'],
    category: 'public.app-category.developer-tools',
    hardenedRuntime: true,
    // .db (and a single-file .bodies) as documents the app can view, never claimed: LSHandlerRank Alternate.
    fileAssociations: [
      { ext: 'db', name: 'SQLite Database', role: 'Viewer', rank: 'Alternate' },
      { ext: 'bodies', name: 'Capsem Body Archive', role: 'Viewer', rank: 'Alternate' },
    ],
    // Folders have no extension, so their document type is declared directly (electron-builder merges this list
    // with the one it makes from fileAssociations). A session folder can then be dropped on the Dock icon.
    extendInfo: {
      CFBundleDocumentTypes: [
        { CFBundleTypeName: 'Folder', CFBundleTypeRole: 'Viewer', LSHandlerRank: 'Alternate', LSItemContentTypes: ['public.folder'] },
      ],
    },
  },
  dmg: { title: 'Capsem Ledger Inspector' },

  win: { target: ['nsis'] },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
    // Adds "Open with Capsem Ledger Inspector" to folders' context menu, and removes it on uninstall.
    include: 'resources/packaging/windows-folder-verb.nsh',
  },
} satisfies Configuration;

export default builderConfig;

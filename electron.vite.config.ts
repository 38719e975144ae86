import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { preloadFirstView } from './scripts/vite/preload-first-view.js';

// Electron build: main (glue + core + worker entries), sandboxed preload, renderer. Output goes to out/.
export default defineConfig({
  main: {
    build: {
      rolldownOptions: {
        input: {
          index: 'src/main/electron/index.ts',
          // Worker threads and the SQL child are started from files beside the module that starts them
          // (`new URL('./verify-worker.js', import.meta.url)`), so every entry and chunk lands flat in out/main/.
          'verify-worker': 'src/main/core/jobs/verify-worker.ts',
          'export-worker': 'src/main/core/warc/export-worker.ts',
          'sql-child': 'src/main/core/sql/sql-child.ts',
          'follow-up-worker': 'src/main/core/evidence/follow-up-worker.ts',
          'hash-worker': 'src/main/core/evidence/hash-worker.ts',
          'row-count-worker': 'src/main/core/tables/row-count-worker.ts',
          'sort-worker': 'src/main/core/tables/sort-worker.ts',
          'trace-keys-worker': 'src/main/core/traces/trace-keys-worker.ts',
          'report-worker': 'src/main/core/check/report-worker.ts',
          'fs-index-worker': 'src/main/core/fs-activity/fs-index-worker.ts',
          'summary-worker': 'src/main/core/lifecycle/summary-worker.ts',
          'view-report-worker': 'src/main/core/service/view-report-worker.ts',
          'column-grep-worker': 'src/main/core/search/column-grep-worker.ts',
        },
        // Native addons stay outside the bundle: each loads its own .node file from node_modules.
        external: ['better-sqlite3', 'zstd-napi', 'capsem-blake3'],
        output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    build: {
      rolldownOptions: {
        input: { index: 'src/preload/index.ts' },
        // A sandboxed preload is a classic script: CommonJS in one file, nothing but 'electron' required.
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    build: { rolldownOptions: { input: { index: 'src/renderer/index.html' } } },
    plugins: [react(), preloadFirstView('/src/boot.tsx')],
  },
});

import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

// Electron build: main (glue + core + worker entries), sandboxed preload, renderer.
export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        input: {
          index: 'src/main/electron/index.ts',
        },
        external: ['better-sqlite3', 'zstd-napi'],
      },
    },
  },
  preload: {
    build: { rollupOptions: { input: { index: 'src/preload/index.ts' } } },
  },
  renderer: {
    root: 'src/renderer',
    build: { rollupOptions: { input: { index: 'src/renderer/index.html' } } },
    plugins: [react()],
  },
});

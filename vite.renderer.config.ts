import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { preloadFirstView } from './scripts/vite/preload-first-view.js';

// The renderer, built once; served by serve mode and loaded by Electron from its app protocol.
export default defineConfig({
  root: 'src/renderer',
  base: './',
  plugins: [react(), preloadFirstView('/src/boot.tsx')],
  build: { outDir: '../../build/renderer', emptyOutDir: true, sourcemap: true },
});

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The renderer, built once; served by serve mode and loaded by Electron from its app protocol.
export default defineConfig({
  root: 'src/renderer',
  base: './',
  plugins: [react()],
  build: { outDir: '../../build/renderer', emptyOutDir: true, sourcemap: true },
});

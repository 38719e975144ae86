import { describe, expect, it } from 'vitest';
import { chunksToPreload, type ChunkLike } from '../../../scripts/vite/preload-first-view.js';

const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = []): ChunkLike => ({
  type: 'chunk',
  fileName,
  facadeModuleId,
  imports,
});

describe('chunksToPreload', () => {
  const bundle: Record<string, ChunkLike> = {
    'assets/index.js': chunk('assets/index.js', '/repo/src/renderer/src/main.tsx', ['assets/runtime.js']),
    'assets/runtime.js': chunk('assets/runtime.js', null),
    'assets/boot.js': chunk('assets/boot.js', '/repo/src/renderer/src/boot.tsx', [
      'assets/react-dom.js',
      'assets/index.js',
      'assets/format.js',
    ]),
    'assets/react-dom.js': chunk('assets/react-dom.js', null, ['assets/runtime.js']),
    'assets/format.js': chunk('assets/format.js', null, ['assets/react-dom.js']),
    'assets/GraphView.js': chunk('assets/GraphView.js', '/repo/src/renderer/src/views/graph/GraphView.tsx', ['assets/format.js']),
    'assets/index.css': { type: 'asset', fileName: 'assets/index.css' },
  };

  it('names the chunk built from the module and everything it imports, each once, and nothing lazy', () => {
    expect(chunksToPreload(bundle, '/src/boot.tsx').sort()).toEqual([
      'assets/boot.js',
      'assets/format.js',
      'assets/index.js',
      'assets/react-dom.js',
      'assets/runtime.js',
    ]);
  });

  it('matches Windows paths too', () => {
    const win = { 'a.js': chunk('a.js', 'C:\\repo\\src\\boot.tsx') };
    expect(chunksToPreload(win, '/src/boot.tsx')).toEqual(['a.js']);
  });

  it('names nothing when no chunk comes from the module', () => {
    expect(chunksToPreload(bundle, '/src/missing.tsx')).toEqual([]);
  });
});

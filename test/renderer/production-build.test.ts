// The renderer that the browser tests and the benchmark load is the one that ships: React's production build. Built
// from inside vitest (NODE_ENV=test), Vite used to bundle React's development build instead, with its checks and
// warnings, and every browser figure measured that.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RENDERER_DIR, ensureRendererBuilt } from './harness.js';

describe('the built renderer', () => {
  it('bundles React for production', () => {
    ensureRendererBuilt();
    const assets = join(RENDERER_DIR, 'assets');
    const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const f of scripts) {
      expect(readFileSync(join(assets, f), 'utf8'), f).not.toContain('Each child in a list should have a unique "key" prop');
    }
  });
});

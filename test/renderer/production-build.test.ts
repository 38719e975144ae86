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

  it('asks for the app chunk and its imports from the HTML, beside the entry (scripts/vite/preload-first-view.ts)', () => {
    ensureRendererBuilt();
    const html = readFileSync(join(RENDERER_DIR, 'index.html'), 'utf8');
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\.\/assets\/([^"]+)"/g)].map((m) => m[1]!);
    expect(preloads.some((f) => /^boot-[\w-]+\.js$/.test(f))).toBe(true);
    // Each of the boot chunk's static imports is preloaded too, and nothing is named twice.
    const boot = readFileSync(join(RENDERER_DIR, 'assets', preloads.find((f) => f.startsWith('boot-'))!), 'utf8');
    for (const m of boot.matchAll(/from\s*["']\.\/([\w-]+\.js)["']/g)) expect(html, m[1]).toContain(`./assets/${m[1]}`);
    expect(new Set(preloads).size).toBe(preloads.length);
  });
});

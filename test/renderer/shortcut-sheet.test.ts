// The keyboard sheet lists every `g <key>` App.tsx binds: both come from one table (nav-views.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAV_VIEWS, SHORTCUTS } from '../../src/renderer/src/nav-views.js';

describe('keyboard sheet', () => {
  it('lists the navigation keys, including the identity graph, lifecycles, file activity and file history', () => {
    const rows = new Map(SHORTCUTS.map(([k, what]) => [k, what]));
    expect(rows.get('g r')).toBe('go to Identity graph');
    expect(rows.get('g l')).toBe('go to Tool lifecycles');
    expect(rows.get('g a')).toBe('go to File activity');
    expect(rows.get('g h')).toBe('go to File history');
    expect(rows.get('g f')).toBe('go to Search');
    for (const n of NAV_VIEWS) expect(rows.get(`g ${n.key}`)).toBe(`go to ${n.label}`);
    // One key per view, no key twice.
    expect(new Set(NAV_VIEWS.map((n) => n.key)).size).toBe(NAV_VIEWS.length);
  });

  it('App.tsx binds its keys from the same table and keeps no list of its own', () => {
    const app = readFileSync(join(import.meta.dirname, '../../src/renderer/src/App.tsx'), 'utf8');
    expect(app).toContain('NAV_VIEWS.find((n) => n.key === e.key)');
    expect(app).not.toMatch(/\{ view: 'graph', label: '[^']+', key: /);
  });
});

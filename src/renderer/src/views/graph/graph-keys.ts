/**
 * Arrow keys between graph nodes: from the focused node, the nearest node in the pressed direction (distance along
 * it, with sideways distance weighted three times, so Right stays on its row when the row goes on).
 */
import type { Placed } from './layout.js';

export type ArrowKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';

export function isArrow(key: string): key is ArrowKey {
  return key === 'ArrowLeft' || key === 'ArrowRight' || key === 'ArrowUp' || key === 'ArrowDown';
}

export function nextNode(nodes: readonly Placed[], from: Placed, key: ArrowKey): Placed | null {
  let best: Placed | null = null;
  let bestCost = Infinity;
  for (const p of nodes) {
    if (p === from) continue;
    const dx = p.x - from.x;
    const dy = p.y - from.y;
    const along = key === 'ArrowRight' ? dx : key === 'ArrowLeft' ? -dx : key === 'ArrowDown' ? dy : -dy;
    const side = key === 'ArrowRight' || key === 'ArrowLeft' ? Math.abs(dy) : Math.abs(dx);
    if (along <= 0) continue;
    const cost = along + 3 * side;
    if (cost < bestCost) {
      bestCost = cost;
      best = p;
    }
  }
  return best;
}

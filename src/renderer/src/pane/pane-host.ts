/**
 * A view that shows a side pane provides this: links inside it (IdLink, related rows, bodies) then open their
 * target in the pane instead of leaving the list. Outside such a view (the full row view) links simply navigate.
 */
import { createContext, useContext } from 'react';
import type { BodyMode, BodyRef } from '../router.js';
import type { Selection } from './selection.js';

export interface PaneHost {
  select(sel: Selection, body?: BodyRef | null, mode?: BodyMode | null): void;
  close(): void;
}

export const PaneHostContext = createContext<PaneHost | null>(null);

export function usePaneHost(): PaneHost | null {
  return useContext(PaneHostContext);
}

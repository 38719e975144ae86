import { createContext, useContext, useEffect } from 'react';
import type { EvidenceSummary } from '../../shared/contract.js';
import type { TimeMode } from './components/format.js';

export interface AppCtx {
  readonly time: TimeMode;
  setTime(t: TimeMode): void;
  readonly evidence: readonly EvidenceSummary[];
  refreshEvidence(): void;
}

export const AppContext = createContext<AppCtx>({ time: 'utc', setTime: () => undefined, evidence: [], refreshEvidence: () => undefined });

export function useApp(): AppCtx {
  return useContext(AppContext);
}

/** Keyboard row navigation (j/k/Enter) is broadcast; the view showing a list listens. */
export type RowNav = 'next' | 'prev' | 'open';
export const ROW_NAV_EVENT = 'capsem:rownav';

export function useRowNav(handler: (nav: RowNav) => void): void {
  useEffect(() => {
    const on = (e: Event): void => handler((e as CustomEvent<RowNav>).detail);
    window.addEventListener(ROW_NAV_EVENT, on);
    return () => window.removeEventListener(ROW_NAV_EVENT, on);
  }, [handler]);
}

/**
 * The notable set in the app: when a session opens, the set is read and run over it in the background (once the
 * open's first view was answered, as the open's other follow-up work), through the hunt's own per-session search.
 * notable.changed is said when the scan starts and when it ends; notable.status only reads what is kept here, so
 * a view asks when told and never starts work by asking.
 */
import type { NotableChannels, NotableStatus } from '../../../shared/contract/notable.js';
import { toFailure } from '../../../shared/errors.js';
import type { FeatureHandlers } from '../evidence/lookup.js';
import type { Evidence } from '../evidence/types.js';
import { hitView } from '../hunt/hit-view.js';
import { listNotable } from './notable-edit.js';
import type { NotableScan } from './notable-scan.js';
import { scanNotable } from './notable-scan.js';

/** What the room needs of the registry of open evidence (it lives in the service hub, above the rooms). */
export interface NotableRegistry {
  get(id: string): Evidence;
  has(id: string): boolean;
  onOpened(listener: (id: string) => void): () => void;
  /** Settles once the open's first view was answered: its follow-up work may start. */
  followUpMayStart(id: string): Promise<void>;
}

export interface NotableRoom {
  readonly handlers: FeatureHandlers<NotableChannels>;
  /** The evidence was closed: its scan is stopped and forgotten. */
  forget(evidenceId: string): void;
  dispose(): void;
}

const NOT_KEPT: NotableStatus = { state: 'not-kept', entries: 0, found: [], damaged: 0, error: null };
const WAITING: NotableStatus = { ...NOT_KEPT, state: 'waiting' };

function statusOf(sessionId: string, scan: NotableScan): NotableStatus {
  return {
    state: scan.error ? 'failed' : 'done',
    entries: scan.entries,
    found: scan.found.map((f) => ({ ...f, hits: f.hits.map((h) => hitView(sessionId, h)) })),
    damaged: scan.damaged.length,
    error: scan.error,
  };
}

export function createNotableRoom(
  registry: NotableRegistry,
  notablePath: string | null,
  changed: (evidenceId: string) => void,
): NotableRoom {
  const statuses = new Map<string, NotableStatus>();
  const stops = new Map<string, AbortController>();
  const set = (id: string, status: NotableStatus): void => {
    if (!registry.has(id)) return;
    statuses.set(id, status);
    changed(id);
  };
  const scan = async (id: string): Promise<void> => {
    const stop = new AbortController();
    stops.set(id, stop);
    try {
      // Read at each open, so a set changed by the CLI since is the one used.
      const entries = listNotable(notablePath!);
      set(id, { ...WAITING, state: 'running', entries: entries.length });
      const evidence = registry.get(id);
      set(id, statusOf(evidence.sessionId, await scanNotable(evidence, entries, { signal: stop.signal })));
    } catch (e) {
      set(id, { ...WAITING, state: 'failed', error: toFailure(e) });
    } finally {
      stops.delete(id);
    }
  };
  const stopHearingOpens =
    notablePath === null
      ? () => undefined
      : registry.onOpened((id) => {
          statuses.set(id, WAITING);
          void registry.followUpMayStart(id).then(() => (registry.has(id) ? scan(id) : undefined));
        });
  return {
    handlers: {
      'notable.status': ({ evidenceId }) => {
        registry.get(evidenceId);
        return notablePath === null ? NOT_KEPT : (statuses.get(evidenceId) ?? WAITING);
      },
    },
    forget(evidenceId) {
      stops.get(evidenceId)?.abort();
      statuses.delete(evidenceId);
    },
    dispose() {
      stopHearingOpens();
      for (const s of stops.values()) s.abort();
    },
  };
}

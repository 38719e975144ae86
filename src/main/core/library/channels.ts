/**
 * The `library.*` handlers, spread into the service's handler table (src/main/core/service/service.ts) so serve
 * mode and the desktop app answer them the same way. Arguments arrive already validated by the shared guards.
 */
import type { LibraryChannels } from '../../../shared/contract/library.js';
import { InspectorError } from '../../../shared/errors.js';
import type { EvidenceOpenings } from '../evidence/lookup.js';
import { compareSessions } from './compare.js';
import type { LibraryStoreOptions } from './library-store.js';
import { LibraryStore } from './library-store.js';
import { libraryView } from './library-view.js';
import { openLibrarySession } from './open-library-session.js';

export type LibraryHandlers = {
  readonly [C in keyof LibraryChannels]: (
    arg: LibraryChannels[C]['arg'],
  ) => Promise<LibraryChannels[C]['result']> | LibraryChannels[C]['result'];
};

export interface LibraryChannelSet {
  readonly store: LibraryStore;
  readonly handlers: LibraryHandlers;
}

export function createLibraryChannels(registry: EvidenceOpenings, options: LibraryStoreOptions = {}): LibraryChannelSet {
  const store = new LibraryStore(options);
  const handlers: LibraryHandlers = {
    'library.list': () => store.list(),
    'library.view': ({ libraryId }) => {
      const { summary, ledger } = store.get(libraryId);
      return libraryView(summary, ledger);
    },
    'library.openSession': async ({ libraryId, sessionId }) => {
      const r = await openLibrarySession(store, registry, libraryId, sessionId);
      if (!r.ok) throw new InspectorError(r.error.code, r.error.message);
      return r.value;
    },
    'library.compare': ({ a, b }) => compareSessions(a, b, registry, store),
  };
  return { store, handlers };
}

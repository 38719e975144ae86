/** Public surface of the library core: host ledgers as the Library view shows them, and session comparison. */
export type { LibraryChannelSet, LibraryHandlers } from './channels.js';
export { createLibraryChannels } from './channels.js';
export type { LibraryStoreOptions } from './library-store.js';
export { LibraryStore, libraryIdFor } from './library-store.js';
export { chainView, libraryView, policyView, sessionView } from './library-view.js';
export { compareFacts, compareSessions } from './compare.js';
export type { Known, SideFacts } from './compare-side.js';
export { gatherSide } from './compare-side.js';
export { openLibrarySession } from './open-library-session.js';
export { flattenCounters, modelsFromCounters, toolsFromCounters, usdFromMicro } from './counter-facts.js';

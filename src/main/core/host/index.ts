/** Public surface of the host-ledger core (library view, CLI list/chain, serve mode). */
export type * from './types.js';
export { HOST_EVENT_KINDS } from './types.js';
export type { HostLedger, OpenHostLedgerOptions } from './open-host-ledger.js';
export { openHostLedger } from './open-host-ledger.js';
export type { HostLocation } from './capsem-home.js';
export { defaultCapsemHome, locateHostLedger } from './capsem-home.js';
export { verifyChain } from './verify-chain.js';
export { createChainHasher, GENESIS } from './chain-hash.js';
export { decodeHostSessionDetail, decodeLedgerCounters, MAX_DETAIL_BYTES } from './host-detail.js';
export type { SessionFilters, SessionSummary } from './session-summary.js';
export { filterSessions, summarizeSession, totalTokens } from './session-summary.js';
export { checkSettingsChain } from './settings-chain.js';
export { jsonReplacer, toJsonText } from './json.js';
export { addCounts, countText, microUsdToUsd, toBig } from './count.js';

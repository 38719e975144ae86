// The report's and the chain's shapes live in the contract (shared/contract/decisions.ts) so the core, the CLI and
// the Decisions view share them.
export type * from '../../../shared/contract/decisions.js';

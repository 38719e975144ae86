// The report's shapes live in the contract (shared/contract/egress.ts) so the core, the CLI and the view share them.
export type * from '../../../shared/contract/egress.js';

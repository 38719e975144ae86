// The completeness section's shape is the contract's (shared/contract/completeness.ts): the report, the CLI and
// every view read the same value.
import type { CompletenessSection } from '../../../shared/contract/completeness.js';

export type { CompletenessSection, CounterRow, Gap, GapKind, GapMark, GapPlace } from '../../../shared/contract/completeness.js';
export { GAP_KINDS } from '../../../shared/contract/completeness.js';

/** Examples kept per gap: enough to open one, few enough to read. */
export const EXAMPLES = 5;

export const UNKNOWN_COMPLETENESS: CompletenessSection = {
  verdict: 'unknown',
  gaps: [],
  notChecked: ['the ledger could not be read past its pages, so nothing could be counted'],
  counters: [],
};

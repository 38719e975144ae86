/** The completeness verdict in a few words, the same in the header, on the overview and in the Integrity view. */
import type { CompletenessSection } from '../../../shared/contract/completeness.js';

export interface CompletenessBrief {
  readonly verdict: CompletenessSection['verdict'];
  readonly kinds: readonly string[];
}

export const briefOf = (c: CompletenessSection): CompletenessBrief => ({ verdict: c.verdict, kinds: c.gaps.map((g) => g.kind) });

export function completenessLabel(c: CompletenessBrief): string {
  if (c.verdict === 'unknown') return 'completeness unknown';
  if (c.verdict === 'complete') return 'complete';
  return `gaps: ${c.kinds.length} ${c.kinds.length === 1 ? 'kind' : 'kinds'}`;
}

export function CompletenessChip({ c }: { c: CompletenessBrief }) {
  return (
    <span
      className={`badge completeness ${c.verdict}`}
      data-testid="completeness"
      data-completeness={c.verdict}
      title={c.kinds.length > 0 ? `gaps: ${c.kinds.join(', ')}` : undefined}
    >
      {completenessLabel(c)}
    </span>
  );
}

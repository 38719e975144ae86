/** Two sides lined up section by section, differences flagged (findings are added by the view from each integrity report). */
import type { CompareRef, CompareSection, CompareSectionId, CompareView } from '../../../shared/contract/library.js';
import { alignRows } from '../../../shared/contract/library.js';
import type { EvidenceOpenings } from '../evidence/lookup.js';
import type { Known, SideFacts } from './compare-side.js';
import { gatherSide } from './compare-side.js';
import type { LibraryStore } from './library-store.js';

const TITLES: Record<CompareSectionId, string> = {
  counters: 'Counters',
  tables: 'Rows per table',
  models: 'Models and cost',
  tools: 'Tools used',
  domains: 'Domains contacted',
};

function section(id: CompareSectionId, a: Known, b: Known): CompareSection {
  // Counters are sparse: a key one side lacks is zero there. Elsewhere absent means "none".
  const missing = id === 'counters' ? '0' : null;
  return {
    id,
    title: TITLES[id],
    rows: alignRows(a.known ? a.keyed.values : null, b.known ? b.keyed.values : null, missing),
    unknownA: a.known ? null : a.why,
    unknownB: b.known ? null : b.why,
    truncated: (a.known && a.keyed.truncated) || (b.known && b.keyed.truncated),
  };
}

export function compareFacts(a: SideFacts, b: SideFacts): CompareView {
  const ids: readonly CompareSectionId[] = ['counters', 'tables', 'models', 'tools', 'domains'];
  return { a: a.info, b: b.info, sections: ids.map((id) => section(id, a[id], b[id])) };
}

export async function compareSessions(
  refA: CompareRef,
  refB: CompareRef,
  registry: EvidenceOpenings,
  store: LibraryStore,
): Promise<CompareView> {
  const a = await gatherSide(refA, registry, store);
  const b = await gatherSide(refB, registry, store);
  return compareFacts(a, b);
}

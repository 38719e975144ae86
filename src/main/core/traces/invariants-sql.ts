// The invariant predicates the graph draws broken edges from are the integrity report's own
// (src/main/core/check/tool-invariants-sql.ts): one copy, so a broken edge and a report count cannot disagree.
export {
  danglingModelCallWhere,
  mcpWithoutLogicalCallWhere,
  orphanCallByCallIdWhere,
  orphanCallWhere,
  orphanResponseWhere,
  toolInvariantCounts,
} from '../check/tool-invariants-sql.js';

/** The identity graph's public surface. */
export { listTraces } from './traces.js';
export { buildTraceGraph } from './trace-graph.js';
export type { TracePageOptions } from './trace-graph.js';
export { brokenInTrace, brokenPerTrace } from './broken.js';
export { graphHandlers } from './handlers.js';
export { mcpWithoutLogicalCallWhere, orphanCallWhere, orphanResponseWhere, danglingModelCallWhere } from './invariants-sql.js';

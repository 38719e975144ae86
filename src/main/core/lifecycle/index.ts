/** Tool lifecycles: public surface. */
export { lifecyclePage } from './calls.js';
export { lifecycleSummary } from './summary.js';
export { swimlanes } from './swimlanes.js';
export { lifecycleHandlers } from './handlers.js';

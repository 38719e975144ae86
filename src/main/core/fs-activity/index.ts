/** File activity and overflow windows: public surface. */
export { fsActivity, MAX_BUCKETS } from './timeline.js';
export { fsPaths } from './paths.js';
export type { FsPathsOptions } from './paths.js';
export { persistKind } from './persist.js';
export { fsHandlers } from './handlers.js';

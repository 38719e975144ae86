/** The integrity report's public surface. */
export { checkEvidence, DEFAULT_PREVIEW_ROWS } from './check-evidence.js';
export type { CheckOptions } from './check-evidence.js';
export { reportToJson } from './render-json.js';
export { findSessions } from './find-sessions.js';
export type * from './types.js';
export { EXPECTED_TABLES, FINDING_CODES } from './types.js';
export { damagedPagesReport, isPageDamage } from './damaged-pages-report.js';
export { checkPath } from './check-path.js';
export type { CheckPathOptions } from './check-path.js';

/** The evidence opener's public surface. */
export { classifyPaths, archivePathFor, dbPathFor } from './classify.js';
export { snapshotSqlite } from './snapshot.js';
export type { SnapshotOptions } from './snapshot.js';
export { openHardened, sqliteFailure, HARDENING_PRAGMAS } from './open-hardened.js';
export { openEvidence, openSession, DEFER_CHECKS_ABOVE_BYTES } from './open-evidence.js';
export type { OpenEvidenceDeps } from './open-evidence.js';
export { readSchema, KNOWN_LEDGER_TABLES } from './schema.js';
export { detectGeneration } from './generation.js';
export { hashEvidenceFile } from './hash-copy.js';
export { isScratchPath, liveScratchDirs } from './scratch.js';
export type * from './types.js';

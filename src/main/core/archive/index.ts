/** Public surface of the body archive reader. */
export { openArchive } from './open-archive.js';
export { verifyBlockBodies } from './verify-block.js';
export { initBlake3, blake3Hex, blake3Raw, blake3Into, blake3Tagged, blake3Matches, blake3MatchesTagged } from './blake3.js';
export { loadZstdNapi } from './zstd-decoders.js';
export { describeRow } from './row-bounds.js';
export type * from './types.js';
